import type { SpecAllowance } from "./spec-allowance";
import {
  componentReference,
  forEachSubschema,
  importComponents,
  isSchema,
  propertiesOf,
  reachableComponents,
  readSpecSchemas,
  type SpecSchema,
  type SpecSchemas,
} from "./spec-schemas";

/** The Anthropic spec with beta schemas, which declares some of what GA traffic already carries. */
const fullAnthropicSpec = "vendor/anthropic/anthropic-openapi.json";

/** The SPEC-NOTES.md allowances of the Anthropic Messages spec. */
export const messagesSpecAllowances: readonly SpecAllowance[] = [
  {
    name: "absent-defaulted-properties",
    description:
      "On responses and events, a required property whose default is null or an object may be absent.",
    modes: "both",
    apply(schemas) {
      for (const name of reachableComponents(schemas, ["Message", "MessageStreamEvent", "ErrorResponse"])) {
        forEachSubschema(schemas[name] as SpecSchema, relaxDefaultedRequirements);
      }
    },
  },
  {
    name: "stream-error-event",
    description: 'Streams carry a mid-stream `{type: "error", error: {type, message}}` event.',
    modes: "both",
    apply(schemas) {
      schemas.ErrorEvent = {
        type: "object",
        title: "ErrorEvent",
        properties: {
          type: { const: "error", type: "string" },
          error: propertiesOf(schemas, "ErrorResponse").error,
        },
        required: ["type", "error"],
      };
      ((schemas.MessageStreamEvent as SpecSchema).oneOf as SpecSchema[]).push({
        $ref: componentReference("ErrorEvent"),
      });
    },
  },
  {
    name: "message-delta-extras",
    description:
      "message_delta carries stop_details extras, usage.output_tokens_details, usage.iterations and context_management.",
    modes: "both",
    apply(schemas) {
      importComponents(schemas, readSpecSchemas(fullAnthropicSpec), [
        "BetaIterationsUsage",
        "BetaResponseContextManagement",
      ]);
      propertiesOf(schemas, "MessageDeltaEvent").context_management = {
        anyOf: [{ $ref: componentReference("BetaResponseContextManagement") }, { type: "null" }],
      };
      const usage = propertiesOf(schemas, "MessageDeltaUsage");
      usage.iterations = { $ref: componentReference("BetaIterationsUsage") };
      usage.output_tokens_details = {
        type: "object",
        properties: { thinking_tokens: { type: "integer", minimum: 0 } },
      };
      const refusal = structuredClone(schemas.RefusalStopDetails) as SpecSchema;
      Object.assign(refusal.properties as SpecSchemas, {
        fallback_credit_token: { type: "string" },
        fallback_has_prefill_claim: { type: "boolean" },
      });
      schemas.MessageDeltaRefusalStopDetails = refusal;
      propertiesOf(schemas, "MessageDelta").stop_details = {
        anyOf: [{ $ref: componentReference("MessageDeltaRefusalStopDetails") }, { type: "null" }],
      };
    },
  },
  {
    name: "dated-beta-tools",
    description: "Requests may use the 2024-10-22 computer, bash and text editor tools of the beta schemas.",
    modes: "both",
    apply(schemas) {
      const datedTools = ["BetaComputerUseTool_20241022", "BetaBashTool_20241022", "BetaTextEditor_20241022"];
      importComponents(schemas, readSpecSchemas(fullAnthropicSpec), datedTools);
      const tools = propertiesOf(schemas, "CreateMessageParams").tools?.items as SpecSchema;
      (tools.oneOf as SpecSchema[]).push(...datedTools.map((name) => ({ $ref: componentReference(name) })));
    },
  },
];

function relaxDefaultedRequirements(schema: SpecSchema): void {
  if (!Array.isArray(schema.required) || !isSchema(schema.properties)) return;
  const properties = schema.properties as SpecSchemas;
  schema.required = schema.required.filter((name: string) => {
    const defaultValue = properties[name]?.default;
    return !(defaultValue === null || isSchema(defaultValue));
  });
}
