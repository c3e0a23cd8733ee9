import { forEachSpecSubschema, type SpecSchema, type SpecSchemas } from "./spec-schemas";

/**
 * Rewrites OpenAPI 3.0 schema dialect into JSON Schema 2020-12, in place: `nullable: true` adds
 * `null` to the type, boolean `exclusiveMinimum` / `exclusiveMaximum` become numeric bounds, and
 * `{allOf: [{$ref}]}` (3.0's way to put a description beside a reference) becomes the `$ref`.
 */
export function convertOpenApi30Schemas(schemas: SpecSchemas): void {
  forEachSpecSubschema(schemas, (schema) => {
    unwrapSingleReferenceAllOf(schema);
    convertExclusiveBound(schema, "exclusiveMinimum", "minimum");
    convertExclusiveBound(schema, "exclusiveMaximum", "maximum");
    convertNullable(schema);
  });
}

function unwrapSingleReferenceAllOf(schema: SpecSchema): void {
  const allOf = schema.allOf;
  if (!Array.isArray(allOf) || allOf.length !== 1) return;
  const [only] = allOf as SpecSchema[];
  if (typeof only?.$ref !== "string" || Object.keys(only).length !== 1) return;
  delete schema.allOf;
  schema.$ref = only.$ref;
}

function convertExclusiveBound(schema: SpecSchema, keyword: string, boundKeyword: string): void {
  const exclusive = schema[keyword];
  if (typeof exclusive !== "boolean") return;
  if (exclusive && typeof schema[boundKeyword] === "number") {
    schema[keyword] = schema[boundKeyword];
    delete schema[boundKeyword];
  } else {
    delete schema[keyword];
  }
}

function convertNullable(schema: SpecSchema): void {
  if (!("nullable" in schema)) return;
  const nullable = schema.nullable === true;
  delete schema.nullable;
  if (!nullable) return;
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if (typeof schema.type === "string") schema.type = [schema.type, "null"];
  else if (Array.isArray(schema.type)) schema.type = [...schema.type, "null"];
  else {
    // No type of its own (a `$ref` or a composition): null becomes one more alternative.
    const alternative = { ...schema };
    for (const key of Object.keys(schema)) delete schema[key];
    schema.anyOf = [alternative, { type: "null" }];
  }
}
