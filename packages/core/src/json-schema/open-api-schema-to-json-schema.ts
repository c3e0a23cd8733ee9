import type { JsonSchema } from "../model/tool";
import type { OpenApiSchema } from "./open-api-schema";

/** Keywords whose values are int64 counts that proto JSON may spell as decimal strings. */
const countKeywords = new Set([
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
]);

/**
 * An OpenAPI 3.0 Schema subset document as JSON Schema (draft 2020-12). Nothing is lost: `type`
 * becomes lower case, `nullable` becomes a `"null"` type (or an extra `anyOf` branch, or `null` in
 * `enum`), `example` becomes `examples`, counts become numbers, and keywords JSON Schema does not
 * define (`propertyOrdering`, vendor extras) are kept as annotations, which JSON Schema ignores.
 */
export function openApiSchemaToJsonSchema(schema: OpenApiSchema): JsonSchema {
  const result: JsonSchema = {};
  const nullable = schema.nullable === true;
  for (const [keyword, value] of Object.entries(schema)) {
    switch (keyword) {
      case "type": {
        const type = typeof value === "string" ? value.toLowerCase() : undefined;
        if (type && type !== "type_unspecified")
          result.type = nullable && type !== "null" ? [type, "null"] : type;
        break;
      }
      case "nullable":
        break;
      case "enum":
        result.enum = nullable && Array.isArray(value) ? [...value, null] : value;
        break;
      case "items":
        result.items = openApiSchemaToJsonSchema(value as OpenApiSchema);
        break;
      case "properties": {
        const properties: Record<string, JsonSchema> = {};
        for (const [name, property] of Object.entries(value as Record<string, OpenApiSchema>))
          properties[name] = openApiSchemaToJsonSchema(property);
        result.properties = properties;
        break;
      }
      case "anyOf":
        result.anyOf = (value as OpenApiSchema[]).map(openApiSchemaToJsonSchema);
        break;
      case "example":
        result.examples = [value];
        break;
      default:
        result[keyword] = countKeywords.has(keyword) && typeof value === "string" ? Number(value) : value;
    }
  }
  if (nullable && schema.type === undefined) {
    // Without a type the schema already accepts null, unless it is a union or an enum.
    // One branch is nested, so it is not read as the optional-value spelling (`anyOf: [X, null]`,
    // which is X nullable) and comes back a branch.
    if (Array.isArray(result.anyOf))
      result.anyOf = [
        ...(result.anyOf.length === 1 ? [{ anyOf: result.anyOf }] : result.anyOf),
        { type: "null" },
      ];
  }
  return result;
}
