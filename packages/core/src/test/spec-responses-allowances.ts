import type { SpecAllowance } from "./spec-allowance";
import {
  componentReference,
  forEachSubschema,
  isSchema,
  makeOptional,
  propertiesOf,
  replaceReferences,
  type SpecSchema,
  type SpecSchemas,
} from "./spec-schemas";

/** The SPEC-NOTES.md allowances of the OpenAI Responses spec. */
export const responsesSpecAllowances: readonly SpecAllowance[] = [
  {
    name: "obfuscation-on-delta-events",
    description: "`*.delta` stream events may carry a string `obfuscation`; `*.done` events may not.",
    modes: "both",
    apply(schemas) {
      for (const event of streamEventSchemas(schemas)) {
        const type = (event.properties as SpecSchemas).type;
        const tags = (type?.enum ?? [type?.const]) as unknown[];
        if (tags.every((tag) => typeof tag === "string" && tag.endsWith(".delta")))
          (event.properties as SpecSchemas).obfuscation ??= { type: "string" };
      }
    },
  },
  {
    name: "response-store-and-billing",
    description: "Response carries `store` and `billing`, which the spec lacks.",
    modes: "both",
    apply(schemas) {
      Object.assign(propertiesOf(schemas, "Response"), {
        store: { anyOf: [{ type: "boolean" }, { type: "null" }] },
        billing: { type: "object", properties: { payer: { type: "string" } }, required: ["payer"] },
      });
    },
  },
  {
    name: "null-user-and-usage",
    description:
      "Response sends `user: null`, and `usage: null` until it completes (response.created, response.in_progress, response.failed).",
    modes: "both",
    apply(schemas) {
      const response = schemas.Response as SpecSchema;
      const properties = propertiesOf(schemas, "Response");
      properties.user = { anyOf: [properties.user, { type: "null" }] };
      properties.usage = { anyOf: [properties.usage, { type: "null" }] };
      response.if = { properties: { status: { const: "completed" } }, required: ["status"] };
      // biome-ignore lint/suspicious/noThenProperty: the JSON Schema `then` keyword
      response.then = { properties: { usage: { $ref: componentReference("ResponseUsage") } } };
    },
  },
  {
    name: "cache-write-tokens-optional",
    description: "`usage.input_tokens_details.cache_write_tokens` may be absent.",
    modes: "both",
    apply(schemas) {
      makeOptional(
        propertiesOf(schemas, "ResponseUsage").input_tokens_details as SpecSchema,
        "cache_write_tokens",
      );
    },
  },
  {
    name: "nested-error-event",
    description:
      "The `error` stream event may nest its fields: `{type, sequence_number, error: {type, code, message, param}}`.",
    modes: "both",
    apply(schemas) {
      const event = schemas.ResponseErrorEvent as SpecSchema;
      const flatFields = ["code", "message", "param"];
      propertiesOf(schemas, "ResponseErrorEvent").error = { $ref: componentReference("Error") };
      event.required = ["type", "sequence_number"];
      event.if = { required: ["error"] };
      // biome-ignore lint/suspicious/noThenProperty: the JSON Schema `then` keyword
      event.then = { properties: Object.fromEntries(flatFields.map((field) => [field, false])) };
      event.else = { required: flatFields };
    },
  },
  {
    name: "insufficient-quota-code",
    description: "`ResponseErrorCode` lacks `insufficient_quota`.",
    modes: "both",
    apply(schemas) {
      ((schemas.ResponseErrorCode as SpecSchema).enum as string[]).push("insufficient_quota");
    },
  },
  {
    name: "web-search-action-absent-in-progress",
    description: "`web_search_call.action` is absent while the search is in progress.",
    modes: "both",
    apply(schemas) {
      const call = schemas.WebSearchToolCall as SpecSchema;
      makeOptional(call, "action");
      call.if = { properties: { status: { enum: ["in_progress", "searching"] } }, required: ["status"] };
      call.else = { required: ["action"] };
    },
  },
  {
    name: "output-text-logprobs-optional-in-requests",
    description:
      "A replayed assistant `output_text` in a request may omit `logprobs` (responses and events keep it).",
    modes: "both",
    apply(schemas) {
      const text = structuredClone(schemas.OutputTextContent) as SpecSchema;
      makeOptional(text, "logprobs");
      const content = structuredClone(schemas.OutputMessageContent) as SpecSchema;
      replaceReferences(content, "OutputTextContent", "OutputTextContentParam");
      const message = structuredClone(schemas.OutputMessage) as SpecSchema;
      replaceReferences(message, "OutputMessageContent", "OutputMessageContentParam");
      Object.assign(schemas, {
        OutputTextContentParam: text,
        OutputMessageContentParam: content,
        OutputMessageParam: message,
      });
      replaceReferences(schemas.Item as SpecSchema, "OutputMessage", "OutputMessageParam");
    },
  },
  {
    name: "overlapping-input-message-forms",
    description:
      "An input message with `role` and a content array is both an `EasyInputMessage` and an `InputMessage` (Item); the API takes it, so `InputItem` is any of its forms, not exactly one.",
    modes: "both",
    apply(schemas) {
      const item = schemas.InputItem as SpecSchema;
      if (!Array.isArray(item.oneOf)) throw new Error("InputItem is no longer a oneOf");
      item.anyOf = item.oneOf;
      delete item.oneOf;
      delete item.discriminator;
    },
  },
  {
    name: "codex-request-fields",
    description:
      "What Codex CLI, OpenAI's own agent, sends the API and the spec lacks: `client_metadata` (a map of strings), an `id` on input messages, and namespace members whose `parameters` is a JSON Schema (the spec's `EmptyModelParam` closes it).",
    modes: "both",
    apply(schemas) {
      propertiesOf(schemas, "CreateResponse").client_metadata = {
        type: "object",
        additionalProperties: { type: "string" },
      };
      propertiesOf(schemas, "InputMessage").id = { type: "string" };
      propertiesOf(schemas, "EasyInputMessage").id = { type: "string" };
      propertiesOf(schemas, "FunctionToolParam").parameters = {
        anyOf: [{ type: "object", additionalProperties: {} }, { type: "null" }],
      };
    },
  },
  {
    name: "function-call-arguments-done-without-name",
    description:
      "Older traffic omits `name` on response.function_call_arguments.done (decode only; we emit it).",
    modes: "received",
    apply(schemas) {
      makeOptional(schemas.ResponseFunctionCallArgumentsDoneEvent as SpecSchema, "name");
    },
  },
  {
    name: "events-without-sequence-number",
    description: "Streams from before mid-2025 have no `sequence_number` (decode only; we always emit it).",
    modes: "received",
    apply(schemas) {
      for (const event of streamEventSchemas(schemas))
        forEachSubschema(event, (schema) => makeOptional(schema, "sequence_number"));
    },
  },
];

/** The variants of `ResponseStreamEvent` (the object schemas, `$ref`s resolved). */
function streamEventSchemas(schemas: SpecSchemas): SpecSchema[] {
  const variants = (schemas.ResponseStreamEvent?.anyOf ?? schemas.ResponseStreamEvent?.oneOf) as SpecSchema[];
  return variants.map((variant) => {
    const name = String(variant.$ref).slice(componentReference("").length);
    const schema = schemas[name];
    if (!schema || !isSchema(schema.properties))
      throw new Error(`Stream event ${name} is not an object schema`);
    return schema;
  });
}
