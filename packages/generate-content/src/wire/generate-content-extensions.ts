import type { Extensions } from "@interlingua/core";

/** The format id, also the key of this format's `extensions`. */
export const generateContentFormat = "generate-content";

/** Fields kept for this format under `extensions["generate-content"]`. */
export type GenerateContentExtension = Record<string, unknown>;

/** This format's extension fields of a canonical object, when it has any. */
export function readGenerateContentExtension(value: {
  extensions?: Extensions;
}): GenerateContentExtension | undefined {
  return value.extensions?.[generateContentFormat];
}

/** `{ "generate-content": fields }`, or undefined when there are no fields (so nothing empty is added). */
export function generateContentExtensions(fields: GenerateContentExtension): Extensions | undefined {
  for (const _key in fields) return { [generateContentFormat]: fields };
  return undefined;
}

/** The fields of `object` not named in `known`, or undefined when there are none. */
export function unknownFields(
  object: object,
  known: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  let unknown: Record<string, unknown> | undefined;
  for (const key in object) {
    if (known.has(key)) continue;
    unknown ??= {};
    unknown[key] = (object as Record<string, unknown>)[key];
  }
  return unknown;
}
