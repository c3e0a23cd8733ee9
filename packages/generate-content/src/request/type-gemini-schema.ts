import { type ConversionContext, type OpenApiSchema, pointer } from "@interlingua/core";

/**
 * Gives every node of a projected `Schema` the `type` the generate-content API requires ("type: must
 * be specified when not using one_of, any_of or all_of fields"): a node without one and without
 * `anyOf` is an OBJECT when it has `properties`, an ARRAY when it has `items`, a STRING when it has
 * an `enum`; any other (a schema that allowed any value) is asked for as a STRING, an `approximated`
 * loss at its path (`path` is the schema's in the source document). Changes `schema` in place.
 */
export function typeGeminiSchema(schema: OpenApiSchema, path: string, context: ConversionContext): void {
  if (schema.type === undefined && schema.anyOf === undefined) {
    if (schema.properties !== undefined) schema.type = "OBJECT";
    else if (schema.items !== undefined) schema.type = "ARRAY";
    else if (schema.enum !== undefined) schema.type = "STRING";
    else {
      schema.type = "STRING";
      context.lose(
        "approximated",
        path,
        "A schema that allows any value cannot be sent (the format requires a type); a string is asked for",
      );
    }
  }
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    typeGeminiSchema(property, pointer(path, "properties", name), context);
  if (schema.items) typeGeminiSchema(schema.items, pointer(path, "items"), context);
  const branches = schema.anyOf as OpenApiSchema[] | undefined;
  branches?.forEach((branch, index) => {
    typeGeminiSchema(branch, pointer(path, "anyOf", index), context);
  });
}
