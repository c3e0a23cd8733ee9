import { isWireObject, type WireObject } from "../responses-extensions";

const childKeys = ["items", "not", "additionalProperties"] as const;
const listKeys = ["anyOf", "oneOf", "allOf", "prefixItems"] as const;
const mapKeys = ["properties", "$defs", "definitions"] as const;

/**
 * Where a JSON Schema breaks strict mode's rules (platform.openai.com/docs/guides/structured-outputs,
 * "Supported schemas"): every object says `additionalProperties: false` and requires every one of
 * its properties. The first offending object's path (`""` for the root), or undefined when the
 * schema holds to them.
 */
export function strictSchemaProblem(schema: unknown, path = ""): string | undefined {
  if (!isWireObject(schema)) return undefined;
  const properties = isWireObject(schema.properties) ? schema.properties : undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes("object") || properties) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    if (schema.additionalProperties !== false) return path;
    if (Object.keys(properties ?? {}).some((name) => !required.has(name))) return path;
  }
  for (const key of mapKeys) {
    const children = schema[key];
    if (!isWireObject(children)) continue;
    for (const [name, child] of Object.entries(children as WireObject)) {
      const problem = strictSchemaProblem(child, `${path}/${key}/${name}`);
      if (problem !== undefined) return problem;
    }
  }
  for (const key of listKeys) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    for (const [index, child] of list.entries()) {
      const problem = strictSchemaProblem(child, `${path}/${key}/${index}`);
      if (problem !== undefined) return problem;
    }
  }
  for (const key of childKeys) {
    if (key === "additionalProperties" && !isWireObject(schema[key])) continue;
    const problem = strictSchemaProblem(schema[key], `${path}/${key}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
