import type { Extensions } from "@interlingua/core";

/** The format id, also the key of this format's `extensions`. */
export const interactionsFormat = "interactions";

/** A JSON object of the wire, read loosely. */
export type WireObject = Record<string, unknown>;

/** Whether `value` is a plain JSON object. */
export function isWireObject(value: unknown): value is WireObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** This format's extension fields of a canonical object, when it has any. */
export function readInteractionsExtension(
  value: { extensions?: Extensions } | undefined,
): WireObject | undefined {
  return value?.extensions?.[interactionsFormat];
}

/** `{ interactions: fields }`, or undefined when there are no fields (so nothing empty is added). */
export function interactionsExtensions(fields: WireObject): Extensions | undefined {
  for (const key in fields)
    if (fields[key] !== undefined) return { [interactionsFormat]: dropUndefined(fields) };
  return undefined;
}

/** Sets `value.extensions` to this format's fields when there are any. */
export function withInteractionsExtension<T extends { extensions?: Extensions }>(
  value: T,
  fields: WireObject,
): T {
  const extensions = interactionsExtensions(fields);
  if (!extensions) return value;
  const kept = value.extensions?.[interactionsFormat];
  value.extensions = {
    ...value.extensions,
    [interactionsFormat]: { ...kept, ...extensions[interactionsFormat] },
  };
  return value;
}

/** The fields of `object` not named in `known`, or an empty object. */
export function remainingFields(object: WireObject, known: readonly string[]): WireObject {
  const rest: WireObject = {};
  for (const key in object) if (!known.includes(key) && object[key] !== undefined) rest[key] = object[key];
  return rest;
}

function dropUndefined(fields: WireObject): WireObject {
  const kept: WireObject = {};
  for (const key in fields) if (fields[key] !== undefined) kept[key] = fields[key];
  return kept;
}

/** Fields this codec keeps in extensions as marks for re-encoding, not as wire fields. */
const codecMarks = new Set([
  "stepFields",
  "newStep",
  "noId",
  "resultBlocks",
  "resultTextBlocks",
  "noLanguage",
  "stepType",
  "summary",
]);

/** The wire fields kept in a canonical object's extension, without this codec's marks. */
export function keptWireFields(value: { extensions?: Extensions } | undefined): WireObject {
  const extra = readInteractionsExtension(value) ?? {};
  const kept: WireObject = {};
  for (const key in extra) if (!codecMarks.has(key)) kept[key] = extra[key];
  return kept;
}
