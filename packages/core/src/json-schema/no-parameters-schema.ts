import type { JsonSchema } from "../model/tool";

/**
 * The input schema of a function without parameters, as OpenAI's function-calling reference spells
 * it ("To describe a function that accepts no parameters, provide the value
 * `{"type": "object", "properties": {}}`"): what a format that leaves parameters out or sends `null`
 * for them (generate-content, responses) decodes. Copy it before changing it.
 */
export const noParametersSchema: Readonly<JsonSchema> = Object.freeze({
  type: "object",
  properties: Object.freeze({}),
});
