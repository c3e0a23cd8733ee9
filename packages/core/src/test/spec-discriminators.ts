import {
  forEachSpecSubschema,
  isSchema,
  referencedComponent,
  type SpecSchema,
  type SpecSchemas,
} from "./spec-schemas";

/**
 * Shapes OpenAPI `discriminator`s for Ajv's `discriminator` option, in place, so a value with a
 * known tag is checked against that one variant only (and its problems are reported alone): the
 * `mapping` goes (each variant's tag `const` / `enum` already says it), a discriminated `anyOf`
 * becomes the equivalent `oneOf`, and a discriminator Ajv cannot use (variants without a
 * required tag of their own) is dropped, leaving a plain union.
 */
export function prepareDiscriminators(schemas: SpecSchemas): void {
  forEachSpecSubschema(schemas, (schema) => {
    const discriminator = schema.discriminator;
    if (!isSchema(discriminator)) return;
    const propertyName = discriminator.propertyName;
    const variants = (schema.oneOf ?? schema.anyOf) as SpecSchema[] | undefined;
    if (typeof propertyName !== "string" || !variants || !hasDistinctTags(variants, propertyName, schemas)) {
      delete schema.discriminator;
      return;
    }
    schema.discriminator = { propertyName };
    if (!schema.oneOf) {
      schema.oneOf = schema.anyOf;
      delete schema.anyOf;
    }
  });
}

function hasDistinctTags(variants: SpecSchema[], propertyName: string, schemas: SpecSchemas): boolean {
  const seen = new Set<unknown>();
  for (const variant of variants) {
    const resolved = referencedComponent(variant, schemas) ?? variant;
    const tag = (resolved.properties as Record<string, SpecSchema> | undefined)?.[propertyName];
    const required = Array.isArray(resolved.required) && resolved.required.includes(propertyName);
    const values = tag?.const !== undefined ? [tag.const] : Array.isArray(tag?.enum) ? tag.enum : undefined;
    if (!required || !values) return false;
    for (const value of values) {
      if (typeof value !== "string" || seen.has(value)) return false;
      seen.add(value);
    }
  }
  return true;
}
