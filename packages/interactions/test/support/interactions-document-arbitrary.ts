import { readFileSync } from "node:fs";
import { jsonSchemaArbitrary, type SpecDocumentKind, specPath } from "@interlingua/core/test";
import type fc from "fast-check";

/** The definitions of the stored interactions schema, with their `$ref`s in the spec-component form. */
function interactionsSpecSchemas(): Record<string, Record<string, unknown>> {
  const text = readFileSync(specPath("vendor", "google", "interactions.schema.json"), "utf8");
  const { definitions } = JSON.parse(text.replaceAll('"#/definitions/', '"#/components/schemas/')) as {
    definitions: Record<string, Record<string, unknown>>;
  };
  return definitions;
}

/** The schema definition of each kind of generated document. */
const documentDefinitions: Record<SpecDocumentKind, string> = {
  request: "InteractionsCreateRequest",
  response: "InteractionsInteraction",
};

/**
 * Create requests or `Interaction` resources generated from the JSON Schema compiled from the
 * `@google/genai` types (specs/vendor/google/interactions.schema.json), for the loss detector.
 */
export function interactionsDocumentArbitrary(kind: SpecDocumentKind): fc.Arbitrary<unknown> {
  return jsonSchemaArbitrary(
    { $ref: `#/components/schemas/${documentDefinitions[kind]}` },
    interactionsSpecSchemas(),
  );
}
