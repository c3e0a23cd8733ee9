import { readFileSync } from "node:fs";
import { specPath } from "./spec-path";

/** A JSON Schema object as stored in a vendor spec (plain JSON, edited in place before compiling). */
export type SpecSchema = Record<string, unknown>;

/** The component schemas of one vendor spec, by name (`components.schemas`). */
export type SpecSchemas = Record<string, SpecSchema>;

/** The `$ref` of a component schema. */
export function componentReference(name: string): string {
  return `#/components/schemas/${name}`;
}

/** Fresh copy of `components.schemas` of a stored spec file (relative to the repository's `specs/`). */
export function readSpecSchemas(specFile: string): SpecSchemas {
  const document = JSON.parse(readFileSync(specPath(specFile), "utf8")) as {
    components: { schemas: SpecSchemas };
  };
  return document.components.schemas;
}

/** The component a schema points to, when it is a bare `{$ref: "#/components/schemas/X"}` (siblings allowed). */
export function referencedComponent(schema: SpecSchema, schemas: SpecSchemas): SpecSchema | undefined {
  const reference = schema.$ref;
  if (typeof reference !== "string" || !reference.startsWith(componentReference(""))) return undefined;
  return schemas[reference.slice(componentReference("").length)];
}

/** Keywords whose value is a map of names to subschemas. */
const schemaMapKeywords = ["properties", "patternProperties", "$defs", "dependentSchemas"] as const;
/** Keywords whose value is one subschema. */
const schemaKeywords = [
  "additionalProperties",
  "unevaluatedProperties",
  "items",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "propertyNames",
] as const;
/** Keywords whose value is a list of subschemas. */
const schemaListKeywords = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;

/**
 * Calls `visit` on `schema` and then on every subschema inside it, depth first. Values of
 * annotation keywords (`default`, `examples`, `const`, `enum`, vendor `x-` keys) are not schemas and
 * are skipped. `visit` may edit the schema it is given; the walk then descends into the edited one.
 */
export function forEachSubschema(schema: SpecSchema, visit: (schema: SpecSchema) => void): void {
  visit(schema);
  for (const keyword of schemaMapKeywords) {
    const map = schema[keyword];
    if (isSchema(map))
      for (const child of Object.values(map)) if (isSchema(child)) forEachSubschema(child, visit);
  }
  for (const keyword of schemaKeywords) {
    const child = schema[keyword];
    if (isSchema(child)) forEachSubschema(child, visit);
  }
  for (const keyword of schemaListKeywords) {
    const list = schema[keyword];
    if (Array.isArray(list)) for (const child of list) if (isSchema(child)) forEachSubschema(child, visit);
  }
}

/** Calls {@link forEachSubschema} on every component schema. */
export function forEachSpecSubschema(schemas: SpecSchemas, visit: (schema: SpecSchema) => void): void {
  for (const schema of Object.values(schemas)) forEachSubschema(schema, visit);
}

/** True for a plain object (a schema, or a map of schemas). */
export function isSchema(value: unknown): value is SpecSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The `properties` map of a component, for allowances that edit declared properties. */
export function propertiesOf(schemas: SpecSchemas, name: string): Record<string, SpecSchema> {
  const schema = schemas[name];
  if (!schema || !isSchema(schema.properties)) throw new Error(`Spec schema ${name} has no properties`);
  return schema.properties as Record<string, SpecSchema>;
}

/** Removes `property` from the `required` list of `schema` (no-op when it is not there). */
export function makeOptional(schema: SpecSchema, property: string): void {
  if (!Array.isArray(schema.required)) return;
  schema.required = schema.required.filter((name) => name !== property);
}

/** Names of the components `roots` reach through `$ref`s, roots included. */
export function reachableComponents(schemas: SpecSchemas, roots: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (reached.has(name)) continue;
    const schema = schemas[name];
    if (!schema) throw new Error(`Spec schema ${name} does not exist`);
    reached.add(name);
    forEachSubschema(schema, (subschema) => {
      const reference = subschema.$ref;
      if (typeof reference === "string" && reference.startsWith(componentReference("")))
        pending.push(reference.slice(componentReference("").length));
    });
  }
  return reached;
}

/** Copies the components `names` reach in `source` into `target` (names already there are kept). */
export function importComponents(target: SpecSchemas, source: SpecSchemas, names: readonly string[]): void {
  for (const name of reachableComponents(source, names)) target[name] ??= source[name] as SpecSchema;
}

/** Points every `$ref` to component `from` inside `schema` at component `to` instead, in place. */
export function replaceReferences(schema: SpecSchema, from: string, to: string): void {
  forEachSubschema(schema, (subschema) => {
    if (subschema.$ref === componentReference(from)) subschema.$ref = componentReference(to);
  });
}
