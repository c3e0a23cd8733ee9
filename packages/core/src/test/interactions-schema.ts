import { readFileSync } from "node:fs";
import Ajv, { type ValidateFunction } from "ajv";
import { specPath } from "./spec-path";

/** The documents the interactions schema describes, by the name of their definition. */
export type InteractionsSchemaName =
  | "InteractionsCreateRequest"
  | "InteractionsInteraction"
  | "InteractionsEvent";

type SchemaNode = Record<string, unknown>;

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether a node is itself a schema (not a `properties` map that holds schemas). */
const isSchema = (node: SchemaNode) =>
  typeof node.type === "string" || Array.isArray(node.type) || Array.isArray(node.anyOf);

/** Below this size a repeated schema is cheaper to compile again than to call. */
const sharedSize = 200;

/**
 * The schema with each schema it repeats (the compiled client types spell a content block or a step
 * out again wherever it is used: a 300 kB file of which most is copies) moved to a definition of its
 * own and referred to, so ajv (with `inlineRefs: false`) compiles each once instead of once per use.
 * The same rules: a `$ref` stands for the very same schema.
 */
function withSharedSchemas(document: { definitions: Record<string, unknown> }): {
  definitions: Record<string, unknown>;
} {
  const counts = new Map<string, number>();
  const count = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(count);
      return;
    }
    if (!isNode(value)) return;
    if (isSchema(value)) {
      const text = JSON.stringify(value);
      if (text.length > sharedSize) counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    for (const field of Object.values(value)) count(field);
  };
  count(document.definitions);
  const shared: Record<string, unknown> = {};
  const names = new Map<string, string>();
  const rebuild = (value: unknown, own: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => rebuild(item, false));
    if (!isNode(value)) return value;
    if (!own && isSchema(value)) {
      const text = JSON.stringify(value);
      if ((counts.get(text) ?? 0) > 1) {
        let name = names.get(text);
        if (name === undefined) {
          name = `shared${names.size}`;
          names.set(text, name);
          shared[name] = rebuild(value, true);
        }
        return { $ref: `#/definitions/${name}` };
      }
    }
    const result: SchemaNode = {};
    for (const [key, field] of Object.entries(value)) result[key] = rebuild(field, false);
    return result;
  };
  const definitions: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(document.definitions))
    definitions[name] = rebuild(definition, true);
  return { ...document, definitions: { ...definitions, ...shared } };
}

let ajv: Ajv | undefined;
const validators = new Map<InteractionsSchemaName, ValidateFunction>();

/**
 * Problems of `value` against a definition of the JSON Schema compiled from the `@google/genai`
 * 3.1.0 interactions types (specs/vendor/google/interactions.schema.json, see specs/SOURCES.md;
 * objects closed to the fields the client declares): empty when valid, else one
 * `"<JSON pointer>: <message>"` line per problem. The schema is read and compiled on first use,
 * each schema it repeats once (a fraction of a second, where compiling every copy took seconds).
 */
export function interactionsSchemaProblems(name: InteractionsSchemaName, value: unknown): string[] {
  let validate = validators.get(name);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv({ allErrors: false, strict: false, inlineRefs: false });
      ajv.addSchema(
        withSharedSchemas(
          JSON.parse(readFileSync(specPath("vendor", "google", "interactions.schema.json"), "utf8")),
        ),
        "interactions",
      );
    }
    validate = ajv.compile({ $ref: `interactions#/definitions/${name}` });
    validators.set(name, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"}: ${error.message}`);
}
