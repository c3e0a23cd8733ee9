import type { GeminiThinkingFamilies } from "./gemini-thinking-families";

/** What a generate-content backend is known to take besides the built-in tables. */
export interface GenerateContentEncodeOptions {
  /**
   * Thinking families to know besides the built-in ones (`geminiThinkingFamilies`), checked first:
   * a deployment's own model names, or a new family before this package knows it.
   */
  thinkingFamilies?: GeminiThinkingFamilies;
  /**
   * Models that are sent another format's JSON Schemas as they are (`parametersJsonSchema`,
   * `responseJsonSchema`) instead of projected onto the `Schema` subset: no keyword is lost, but
   * only models that take those fields accept the request (see docs/decisions/0009).
   */
  jsonSchemaModels?: readonly RegExp[];
}
