import { componentReference, forEachSubschema, type SpecSchemas } from "./spec-schemas";

/**
 * Rewrites draft 2019-09 `$recursiveRef: "#"` (which means "the component I am in", marked by
 * `$recursiveAnchor`) into a plain `$ref` to that component, in place: the components are compiled
 * inside one document, whose root `#` is not the component.
 */
export function resolveRecursiveReferences(schemas: SpecSchemas): void {
  for (const [name, schema] of Object.entries(schemas)) {
    forEachSubschema(schema, (subschema) => {
      delete subschema.$recursiveAnchor;
      if (subschema.$recursiveRef !== "#") return;
      delete subschema.$recursiveRef;
      subschema.$ref = componentReference(name);
    });
  }
}
