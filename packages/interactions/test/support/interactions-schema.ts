import { readFileSync } from "node:fs";
import { specPath } from "@interlingua/core/test";
import Ajv, { type ValidateFunction } from "ajv";

/** The JSON Schema compiled from the `@google/genai` 3.1.0 interactions types (specs/SOURCES.md). */
const schema = JSON.parse(readFileSync(specPath("vendor", "google", "interactions.schema.json"), "utf8")) as {
  definitions: Record<string, unknown>;
};

/** The documents the schema describes, by the name of their definition. */
export type InteractionsSchemaName =
  | "InteractionsCreateRequest"
  | "InteractionsInteraction"
  | "InteractionsEvent";

const ajv = new Ajv({ allErrors: false, strict: false });
ajv.addSchema(schema, "interactions");
const validators = new Map<InteractionsSchemaName, ValidateFunction>();

/**
 * Problems of `value` against a definition of the compiled schema (objects closed to the fields the
 * client declares): empty when valid, else one `"<JSON pointer>: <message>"` line per problem.
 */
export function interactionsSchemaProblems(name: InteractionsSchemaName, value: unknown): string[] {
  let validate = validators.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `interactions#/definitions/${name}` });
    validators.set(name, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"}: ${error.message}`);
}
