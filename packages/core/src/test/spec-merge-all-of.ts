import {
  forEachSpecSubschema,
  isSchema,
  referencedComponent,
  type SpecSchema,
  type SpecSchemas,
} from "./spec-schemas";

const compositionKeywords = ["allOf", "anyOf", "oneOf", "not", "if"] as const;

/**
 * Replaces every `allOf` of object schemas by one object schema holding the union of the
 * branches' `properties` and `required` (following `$ref`s and nested `allOf`s), in place.
 *
 * Closing objects to undeclared properties branch by branch would make `allOf` reject every
 * property another branch declares; once merged, the object can be closed like any other. A
 * property declared by two branches must satisfy both declarations. An `allOf` whose branches
 * declare no properties (say, two `anyOf`s) is left as it is: closing cannot break it. One that
 * mixes declared properties with a union (`anyOf`, `oneOf`, ...) cannot be merged this way and
 * throws, so a spec update that introduces one fails loudly instead of validating wrongly.
 */
export function mergeAllOfSchemas(schemas: SpecSchemas): void {
  forEachSpecSubschema(schemas, (schema) => {
    if (Array.isArray(schema.allOf) && declaresProperties(schema, schemas))
      Object.assign(schema, mergedAllOf(schema, schemas));
  });
}

function declaresProperties(schema: SpecSchema, schemas: SpecSchemas): boolean {
  return (schema.allOf as SpecSchema[]).some((branch) => {
    const resolved = referencedComponent(branch, schemas) ?? branch;
    return (
      resolved.properties !== undefined ||
      (Array.isArray(resolved.allOf) && declaresProperties(resolved, schemas))
    );
  });
}

function mergedAllOf(schema: SpecSchema, schemas: SpecSchemas): SpecSchema {
  const { allOf, ...merged } = schema;
  delete schema.allOf;
  const properties: SpecSchemas = isSchema(merged.properties)
    ? { ...(merged.properties as SpecSchemas) }
    : {};
  const required = new Set<string>(Array.isArray(merged.required) ? merged.required : []);
  for (const branch of allOf as SpecSchema[]) {
    const resolved = flattenBranch(branch, schemas);
    for (const [name, property] of Object.entries(
      (resolved.properties ?? {}) as Record<string, SpecSchema>,
    )) {
      const existing = properties[name];
      properties[name] = existing ? { allOf: [existing, property] } : property;
    }
    for (const name of (resolved.required ?? []) as string[]) required.add(name);
    for (const [keyword, value] of Object.entries(resolved)) {
      if (keyword !== "properties" && keyword !== "required" && !(keyword in merged)) merged[keyword] = value;
    }
  }
  merged.type ??= "object";
  merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

function flattenBranch(branch: SpecSchema, schemas: SpecSchemas): SpecSchema {
  const target = referencedComponent(branch, schemas);
  const resolved = target ? { ...target, ...withoutReference(branch) } : branch;
  const nested = Array.isArray(resolved.allOf) ? mergedAllOf({ ...resolved }, schemas) : resolved;
  for (const keyword of compositionKeywords) {
    if (keyword in nested)
      throw new Error(`Cannot merge an allOf branch that uses ${keyword}: ${JSON.stringify(branch)}`);
  }
  return nested;
}

function withoutReference(schema: SpecSchema): SpecSchema {
  const { $ref: _reference, ...rest } = schema;
  return rest;
}
