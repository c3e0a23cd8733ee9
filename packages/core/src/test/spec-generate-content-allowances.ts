import type { SpecAllowance } from "./spec-allowance";
import {
  componentReference,
  forEachSpecSubschema,
  makeOptional,
  propertiesOf,
  type SpecSchema,
  type SpecSchemas,
} from "./spec-schemas";

/** The SPEC-NOTES.md allowances of the Gemini generateContent spec (revision 20250701). */
export const generateContentSpecAllowances: readonly SpecAllowance[] = [
  {
    name: "model-not-required",
    description: "The request body's `model` is not required: the REST path carries it.",
    modes: "both",
    apply(schemas) {
      makeOptional(schemas.GenerateContentRequest as SpecSchema, "model");
    },
  },
  {
    name: "optional-function-description",
    description:
      '`FunctionDeclaration.description` is optional: the newer reference (@google/genai 3.1.0\'s `FunctionDeclaration`: "Optional. Description and purpose of the function") and proto3, for which an absent string is the empty one.',
    modes: "both",
    apply(schemas) {
      makeOptional(schemas.FunctionDeclaration as SpecSchema, "description");
    },
  },
  {
    name: "int64-as-number-or-string",
    description: "int64 fields arrive as numbers or decimal strings.",
    modes: "both",
    apply(schemas) {
      forEachSpecSubschema(schemas, (schema) => {
        if (schema.format === "int64" && schema.type === "string") schema.type = ["string", "integer"];
      });
    },
  },
  {
    name: "error-body",
    description:
      "The spec has no error body: `{error: {code, message, status, details}}` is added as `Error`.",
    modes: "both",
    apply(schemas) {
      schemas.Error = {
        type: "object",
        properties: {
          error: {
            type: "object",
            properties: {
              code: { type: "integer" },
              message: { type: "string" },
              status: { type: "string" },
              details: {
                type: "array",
                items: {
                  type: "object",
                  properties: { "@type": { type: "string" } },
                  required: ["@type"],
                  additionalProperties: true,
                },
              },
            },
            required: ["code", "message", "status"],
          },
        },
        required: ["error"],
      };
    },
  },
  {
    name: "newer-response-fields",
    description:
      "Newer than the stored rendering: Candidate.finishMessage, UsageMetadata.serviceTier and the newer finish reasons.",
    modes: "both",
    apply(schemas) {
      const candidate = propertiesOf(schemas, "Candidate");
      candidate.finishMessage = { type: "string" };
      (candidate.finishReason as SpecSchema).enum = [
        ...((candidate.finishReason as SpecSchema).enum as string[]),
        "IMAGE_PROHIBITED_CONTENT",
        "IMAGE_OTHER",
        "NO_IMAGE",
        "IMAGE_RECITATION",
        "UNEXPECTED_TOOL_CALL",
        "TOO_MANY_TOOL_CALLS",
      ];
      propertiesOf(schemas, "UsageMetadata").serviceTier = { type: "string" };
    },
  },
  {
    name: "newer-request-fields",
    description:
      "From the newer protos: GenerationConfig.imageConfig and VIDEO / DOCUMENT modalities, ThinkingConfig.thinkingLevel (Gemini 3), Part.partMetadata, FunctionResponse.parts, Tool.computerUse / fileSearch / googleMaps, ToolConfig.retrievalConfig.",
    modes: "both",
    apply(schemas) {
      addNewerProtoSchemas(schemas);
      const generationConfig = propertiesOf(schemas, "GenerationConfig");
      generationConfig.imageConfig = { $ref: componentReference("ImageConfig") };
      (generationConfig.responseModalities?.items as SpecSchema).enum = (schemas.Modality as SpecSchema).enum;
      propertiesOf(schemas, "ThinkingConfig").thinkingLevel = {
        type: "string",
        enum: ["THINKING_LEVEL_UNSPECIFIED", "MINIMAL", "LOW", "MEDIUM", "HIGH"],
      };
      propertiesOf(schemas, "Part").partMetadata = { type: "object" };
      propertiesOf(schemas, "FunctionResponse").parts = {
        type: "array",
        items: { $ref: componentReference("FunctionResponsePart") },
      };
      Object.assign(propertiesOf(schemas, "Tool"), {
        computerUse: { $ref: componentReference("ComputerUse") },
        fileSearch: { $ref: componentReference("FileSearch") },
        googleMaps: { $ref: componentReference("GoogleMaps") },
      });
      propertiesOf(schemas, "ToolConfig").retrievalConfig = { $ref: componentReference("RetrievalConfig") };
    },
  },
  {
    name: "vertex-dialect",
    description:
      "Vertex AI streams (decode only): createTime, usageMetadata.trafficType, and functionCall.partialArgs / willContinue in chunks without a name.",
    modes: "received",
    apply(schemas) {
      propertiesOf(schemas, "GenerateContentResponse").createTime = { type: "string", format: "date-time" };
      propertiesOf(schemas, "UsageMetadata").trafficType = { type: "string" };
      const functionCall = propertiesOf(schemas, "FunctionCall");
      functionCall.willContinue = { type: "boolean" };
      functionCall.partialArgs = {
        type: "array",
        items: {
          type: "object",
          properties: {
            jsonPath: { type: "string" },
            stringValue: { type: "string" },
            numberValue: { type: "number" },
            boolValue: { type: "boolean" },
            nullValue: { type: "string" },
            willContinue: { type: "boolean" },
          },
          required: ["jsonPath"],
        },
      };
      makeOptional(schemas.FunctionCall as SpecSchema, "name");
    },
  },
];

/** Messages of gemini/proto/*.proto that the stored OpenAPI rendering predates, in its JSON form. */
function addNewerProtoSchemas(schemas: SpecSchemas): void {
  Object.assign(schemas, {
    ImageConfig: { type: "object", properties: { aspectRatio: { type: "string" } } },
    FunctionResponsePart: {
      type: "object",
      properties: {
        inlineData: {
          type: "object",
          properties: { mimeType: { type: "string" }, data: { type: "string", format: "byte" } },
        },
      },
    },
    ComputerUse: {
      type: "object",
      properties: {
        environment: { type: "string", enum: ["ENVIRONMENT_UNSPECIFIED", "ENVIRONMENT_BROWSER"] },
        excludedPredefinedFunctions: { type: "array", items: { type: "string" } },
      },
      required: ["environment"],
    },
    FileSearch: {
      type: "object",
      properties: {
        retrievalResources: {
          type: "array",
          items: {
            type: "object",
            properties: { ragStoreName: { type: "string" } },
            required: ["ragStoreName"],
          },
        },
        retrievalConfig: {
          type: "object",
          properties: { topK: { type: "integer", format: "int32" }, metadataFilter: { type: "string" } },
        },
      },
      required: ["retrievalResources"],
    },
    GoogleMaps: { type: "object", properties: { enableWidget: { type: "boolean" } } },
    RetrievalConfig: {
      type: "object",
      properties: {
        latLng: {
          type: "object",
          properties: { latitude: { type: "number" }, longitude: { type: "number" } },
        },
        languageCode: { type: "string" },
      },
    },
  });
}
