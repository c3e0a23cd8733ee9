import { readFileSync } from "node:fs";
import Ajv, { type ValidateFunction } from "ajv";
import { specPath } from "./spec-path";

/** The documents the interactions schema describes, by the name of their definition. */
export type InteractionsSchemaName =
  | "InteractionsCreateRequest"
  | "InteractionsInteraction"
  | "InteractionsEvent";

let ajv: Ajv | undefined;
const validators = new Map<InteractionsSchemaName, ValidateFunction>();

/**
 * Problems of `value` against a definition of the JSON Schema compiled from the `@google/genai`
 * 3.1.0 interactions types (specs/vendor/google/interactions.schema.json, see specs/SOURCES.md;
 * objects closed to the fields the client declares): empty when valid, else one
 * `"<JSON pointer>: <message>"` line per problem. The schema is read and compiled on first use.
 */
export function interactionsSchemaProblems(name: InteractionsSchemaName, value: unknown): string[] {
  let validate = validators.get(name);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv({ allErrors: false, strict: false });
      ajv.addSchema(
        JSON.parse(readFileSync(specPath("vendor", "google", "interactions.schema.json"), "utf8")),
        "interactions",
      );
    }
    validate = ajv.compile({ $ref: `interactions#/definitions/${name}` });
    validators.set(name, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"}: ${error.message}`);
}
