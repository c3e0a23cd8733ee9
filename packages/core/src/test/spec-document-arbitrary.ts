import type fc from "fast-check";
import { type JsonSchemaArbitraryOptions, jsonSchemaArbitrary } from "./json-schema-arbitrary";
import { componentReference, type SpecSchema, type SpecSchemas } from "./spec-schemas";
import { preparedSpecSchemas, type SpecFormat } from "./spec-validator";

/** Which document of a format to generate. */
export type SpecDocumentKind = "request" | "response";

/** The spec component of each format's request and whole answer. */
const documentSchemas: Record<SpecFormat, Record<SpecDocumentKind, string>> = {
  messages: { request: "CreateMessageParams", response: "Message" },
  responses: { request: "CreateResponse", response: "Response" },
  "chat-completions": { request: "CreateChatCompletionRequest", response: "CreateChatCompletionResponse" },
  "generate-content": { request: "GenerateContentRequest", response: "GenerateContentResponse" },
};

/**
 * Properties a spec leaves optional that the codecs need, always generated: a responses request may
 * leave `model` to a stored prompt and `input` to a stored conversation, but the codec needs both,
 * and drawn among thirty optional properties they came together in one document of hundreds.
 */
const alwaysGenerated: Partial<Record<SpecFormat, Partial<Record<SpecDocumentKind, string[]>>>> = {
  responses: { request: ["model", "input"] },
};

const prepared = new Map<SpecFormat, SpecSchemas>();

/**
 * Requests or whole answers of `format` generated from its stored vendor spec itself (see
 * {@link jsonSchemaArbitrary}), so they hold fields no codec knows as often as the ones it does.
 */
export function specDocumentArbitrary(
  format: SpecFormat,
  kind: SpecDocumentKind,
  options?: JsonSchemaArbitraryOptions,
): fc.Arbitrary<unknown> {
  let schemas = prepared.get(format);
  if (!schemas) {
    schemas = preparedSpecSchemas(format);
    prepared.set(format, schemas);
  }
  const name = documentSchemas[format][kind];
  const extra = alwaysGenerated[format]?.[kind];
  const own = schemas[name] as SpecSchema;
  const root = extra
    ? { ...own, required: [...(Array.isArray(own.required) ? (own.required as string[]) : []), ...extra] }
    : { $ref: componentReference(name) };
  return jsonSchemaArbitrary(root, schemas, options);
}
