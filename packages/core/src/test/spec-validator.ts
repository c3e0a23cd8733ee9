import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import type { SpecAllowance, SpecValidationMode } from "./spec-allowance";
import { chatCompletionsSpecAllowances } from "./spec-chat-completions-allowances";
import { closeObjectSchemas } from "./spec-close-objects";
import { prepareDiscriminators } from "./spec-discriminators";
import { addSpecFormats } from "./spec-formats";
import { generateContentSpecAllowances } from "./spec-generate-content-allowances";
import { mergeAllOfSchemas } from "./spec-merge-all-of";
import { messagesSpecAllowances } from "./spec-messages-allowances";
import { convertOpenApi30Schemas } from "./spec-openapi-30";
import { describeSpecProblems } from "./spec-problems";
import { resolveRecursiveReferences } from "./spec-recursive-references";
import { responsesSpecAllowances } from "./spec-responses-allowances";
import { componentReference, readSpecSchemas, type SpecSchemas } from "./spec-schemas";

/** A wire format whose stored vendor spec a {@link SpecValidator} checks against. */
export type SpecFormat = "messages" | "responses" | "generate-content" | "chat-completions";

/** Checks values against the component schemas of one format's stored vendor spec. */
export interface SpecValidator {
  /**
   * Problems of `value` against the component schema `schemaName` (`"Message"`,
   * `"ResponseStreamEvent"`, `"GenerateContentResponse"`, ...): empty when valid, otherwise one
   * `"<JSON pointer>: <what is wrong>"` line per problem. Throws for a schema name the spec lacks.
   */
  validate(schemaName: string, value: unknown): string[];
}

/** Options of {@link createSpecValidator}. */
export interface SpecValidatorOptions {
  /**
   * `"emitted"` (default) checks our own output; `"received"` checks upstream traffic and also
   * accepts the older forms SPEC-NOTES.md says to accept on decode but never emit.
   */
  mode?: SpecValidationMode;
  /**
   * messages only: check against the full Anthropic spec, whose `Beta*` schemas are what the API
   * checks a request sent with an `anthropic-beta` header against.
   */
  beta?: boolean;
}

/** Where each format's spec is, how to read it as JSON Schema 2020-12, and its allowances. */
const specs: Record<
  SpecFormat,
  { file: string; dialect: "3.0" | "3.1"; allowances: readonly SpecAllowance[] }
> = {
  messages: {
    file: "vendor/anthropic/messages-api.openapi.json",
    dialect: "3.1",
    allowances: messagesSpecAllowances,
  },
  responses: {
    file: "vendor/openai/responses-api.openapi.json",
    dialect: "3.1",
    allowances: responsesSpecAllowances,
  },
  "chat-completions": {
    file: "vendor/openai/chat-completions-api.openapi.json",
    // OpenAPI 3.1, but its chat schemas still say `nullable: true` in places: read as 3.0, whose
    // conversion changes only those (and nothing else this spec has).
    dialect: "3.0",
    allowances: chatCompletionsSpecAllowances,
  },
  "generate-content": {
    file: "vendor/gemini/generativelanguage-v1beta.openapi3.json",
    dialect: "3.0",
    allowances: generateContentSpecAllowances,
  },
};

/** The Anthropic spec with the beta schemas beside the GA ones. */
const fullAnthropicSpec = "vendor/anthropic/anthropic-openapi.json";

const validators = new Map<string, SpecValidator>();

/**
 * A validator of `format`'s stored vendor spec (specs/vendor/), with every object closed to
 * properties the spec does not declare, and exactly the SPEC-NOTES.md allowances for the format
 * and mode. Cached per format and mode; schemas compile lazily, each once, on first use.
 */
export function createSpecValidator(format: SpecFormat, options: SpecValidatorOptions = {}): SpecValidator {
  const mode = options.mode ?? "emitted";
  const beta = format === "messages" && options.beta === true;
  const key = `${format}:${mode}:${beta}`;
  let validator = validators.get(key);
  if (!validator) {
    validator = createSpecValidatorWith(
      format,
      specAllowances(format, mode),
      beta ? fullAnthropicSpec : undefined,
    );
    validators.set(key, validator);
  }
  return validator;
}

/** The allowances {@link createSpecValidator} applies for a format and mode. */
export function specAllowances(format: SpecFormat, mode: SpecValidationMode): readonly SpecAllowance[] {
  return specs[format].allowances.filter((allowance) => allowance.modes === "both" || mode === "received");
}

/**
 * A validator of `format`'s spec with the given allowances only (uncached). For tests that show
 * what each allowance is needed for; use {@link createSpecValidator} otherwise.
 */
export function createSpecValidatorWith(
  format: SpecFormat,
  allowances: readonly SpecAllowance[],
  file = specs[format].file,
): SpecValidator {
  let compiled: { ajv: Ajv2020; schemas: SpecSchemas; documentId: string } | undefined;
  const functions = new Map<string, ValidateFunction>();
  return {
    validate(schemaName, value) {
      compiled ??= compileSpec(format, allowances, file);
      let validate = functions.get(schemaName);
      if (!validate) {
        if (!Object.hasOwn(compiled.schemas, schemaName))
          throw new Error(`The ${format} spec has no schema named ${schemaName}`);
        validate = compiled.ajv.getSchema(`${compiled.documentId}${componentReference(schemaName)}`);
        if (!validate) throw new Error(`Could not compile ${format} schema ${schemaName}`);
        functions.set(schemaName, validate);
      }
      return validate(value) ? [] : describeSpecProblems(validate.errors ?? []);
    },
  };
}

/**
 * The component schemas of `format`'s stored spec as JSON Schema 2020-12, in the form the validator
 * checks against: `allOf`s merged, the allowances applied, objects closed to undeclared properties.
 */
export function preparedSpecSchemas(
  format: SpecFormat,
  allowances: readonly SpecAllowance[] = specAllowances(format, "emitted"),
  file = specs[format].file,
): SpecSchemas {
  const schemas = readSpecSchemas(file);
  if (specs[format].dialect === "3.0") convertOpenApi30Schemas(schemas);
  resolveRecursiveReferences(schemas);
  mergeAllOfSchemas(schemas);
  for (const allowance of allowances) allowance.apply(schemas);
  closeObjectSchemas(schemas);
  prepareDiscriminators(schemas);
  return schemas;
}

function compileSpec(format: SpecFormat, allowances: readonly SpecAllowance[], file: string) {
  const schemas = preparedSpecSchemas(format, allowances, file);
  const ajv = new Ajv2020({ allErrors: true, strict: false, discriminator: true });
  addSpecFormats(ajv);
  const documentId = `https://interlingua.invalid/specs/${format}.json`;
  ajv.addSchema({ $id: documentId, components: { schemas } });
  return { ajv, schemas, documentId };
}
