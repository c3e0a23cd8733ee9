import type { JsonSchema } from "@interlingua/core";

const subschemaLists = ["anyOf", "oneOf", "allOf", "prefixItems"];
const subschemaMaps = ["properties", "$defs", "definitions", "patternProperties"];
const subschemas = ["items", "additionalProperties", "not", "contains"];

function lowerCase(node: unknown): unknown {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return node;
  const schema: Record<string, unknown> = { ...(node as Record<string, unknown>) };
  if (typeof schema.type === "string") schema.type = schema.type.toLowerCase();
  else if (Array.isArray(schema.type))
    schema.type = schema.type.map((type) => (typeof type === "string" ? type.toLowerCase() : type));
  for (const keyword of subschemas) if (keyword in schema) schema[keyword] = lowerCase(schema[keyword]);
  for (const keyword of subschemaLists)
    if (Array.isArray(schema[keyword])) schema[keyword] = (schema[keyword] as unknown[]).map(lowerCase);
  for (const keyword of subschemaMaps) {
    const map = schema[keyword];
    if (typeof map === "object" && map !== null && !Array.isArray(map))
      schema[keyword] = Object.fromEntries(
        Object.entries(map).map(([name, child]) => [name, lowerCase(child)]),
      );
  }
  return schema;
}

/**
 * A `responseJsonSchema` as JSON Schema proper: its `type` names in lower case. The generate-content
 * API also takes its own upper-case names there (`"OBJECT"`, `"STRING"`: Gemini CLI sends them),
 * which no other format's API takes.
 */
export function lowerCaseSchemaTypes(schema: JsonSchema): JsonSchema {
  return lowerCase(schema) as JsonSchema;
}
