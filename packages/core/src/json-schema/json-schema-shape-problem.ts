/** Keywords whose value is a map of names to subschemas. */
const schemaMaps = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
/** Keywords whose value is one subschema. */
const singleSchemas = [
  "additionalProperties",
  "unevaluatedProperties",
  "items",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "propertyNames",
  "additionalItems",
];
/** Keywords whose value is a non-empty list of subschemas. */
const schemaLists = ["allOf", "anyOf", "oneOf", "prefixItems"];

const isSchema = (value: unknown) =>
  typeof value === "boolean" || (typeof value === "object" && value !== null && !Array.isArray(value));
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The first place where a JSON Schema does not have the shape JSON Schema gives its keywords
 * (`properties` not an object of schemas, `required` not a list of strings, `anyOf` not a list of
 * schemas, `type` not a name or list of names...), as a dotted path below the schema and what is
 * wrong; undefined when the shape is right. Vendors refuse such schemas with a 400; code that walks
 * schemas may rely on the shape.
 */
export function jsonSchemaShapeProblem(
  schema: unknown,
  path = "",
): { path: string; message: string } | undefined {
  const at = (key: string | number) => (path === "" ? String(key) : `${path}.${key}`);
  if (!isSchema(schema)) return { path, message: "a schema is an object or a boolean" };
  if (!isObject(schema)) return undefined;
  const type = schema.type;
  if (
    type !== undefined &&
    typeof type !== "string" &&
    !(Array.isArray(type) && type.every((name) => typeof name === "string"))
  )
    return { path: at("type"), message: "type is a type name or a list of them" };
  const required = schema.required;
  if (
    required !== undefined &&
    !(Array.isArray(required) && required.every((name) => typeof name === "string"))
  )
    return { path: at("required"), message: "required is a list of property names" };
  if (schema.enum !== undefined && !Array.isArray(schema.enum))
    return { path: at("enum"), message: "enum is a list of values" };
  for (const keyword of schemaMaps) {
    const map = schema[keyword];
    if (map === undefined) continue;
    if (!isObject(map)) return { path: at(keyword), message: `${keyword} is an object of schemas` };
    for (const [name, child] of Object.entries(map)) {
      const problem = jsonSchemaShapeProblem(child, `${at(keyword)}.${name}`);
      if (problem) return problem;
    }
  }
  for (const keyword of singleSchemas) {
    const child = schema[keyword];
    if (child === undefined) continue;
    if (keyword === "items" && Array.isArray(child)) {
      for (const [index, item] of child.entries()) {
        const problem = jsonSchemaShapeProblem(item, `${at(keyword)}.${index}`);
        if (problem) return problem;
      }
      continue;
    }
    const problem = jsonSchemaShapeProblem(child, at(keyword));
    if (problem) return problem;
  }
  for (const keyword of schemaLists) {
    const list = schema[keyword];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length === 0)
      return { path: at(keyword), message: `${keyword} is a non-empty list of schemas` };
    for (const [index, child] of list.entries()) {
      const problem = jsonSchemaShapeProblem(child, `${at(keyword)}.${index}`);
      if (problem) return problem;
    }
  }
  return undefined;
}
