import { forEachSpecSubschema, isSchema, type SpecSchema, type SpecSchemas } from "./spec-schemas";

/**
 * Closes every object schema that declares `properties` and says nothing about other properties,
 * in place: `additionalProperties: false`, or `unevaluatedProperties: false` when the same schema
 * also composes others (`anyOf` / `oneOf` / `if`), so properties those declare still count. Run it
 * after {@link mergeAllOfSchemas}, which removes the `allOf`s that closing would break.
 *
 * The `if` / `then` / `else` of a conditional only add constraints to the object around them, so
 * they stay open (a closed `if` would never match).
 */
export function closeObjectSchemas(schemas: SpecSchemas): void {
  const conditions = new WeakSet<SpecSchema>();
  forEachSpecSubschema(schemas, (schema) => {
    for (const keyword of ["if", "then", "else"]) {
      const condition = schema[keyword];
      if (isSchema(condition)) conditions.add(condition);
    }
    if (schema.properties === undefined || conditions.has(schema)) return;
    if ("additionalProperties" in schema || "unevaluatedProperties" in schema) return;
    const composes = "anyOf" in schema || "oneOf" in schema || "allOf" in schema || "if" in schema;
    if (composes) schema.unevaluatedProperties = false;
    else schema.additionalProperties = false;
  });
}
