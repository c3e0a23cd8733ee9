import type fc from "fast-check";
import { type JsonSchemaArbitraryOptions, jsonSchemaArbitrary } from "./json-schema-arbitrary";
import { componentReference, type SpecSchemas } from "./spec-schemas";
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
  return jsonSchemaArbitrary({ $ref: componentReference(documentSchemas[format][kind]) }, schemas, options);
}
