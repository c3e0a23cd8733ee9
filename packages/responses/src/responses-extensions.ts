import type { Extensions } from "@interlingua/core";

/** The format id, also the key of this format's `extensions`. */
export const responsesFormatId = "responses";

/** A wire object of this format, read loosely. */
export type WireObject = Record<string, unknown>;

/** This format's extension fields on a canonical value, if it has any. */
export function responsesExtensions(value: { extensions?: Extensions }): WireObject | undefined {
  return value.extensions?.[responsesFormatId];
}

/**
 * The fields of `object` other than `consumed` (the ones mapped to canonical fields), or undefined
 * when nothing is left. Kept in `extensions.responses`, they make same-format round trips lossless.
 */
export function remainingFields(object: WireObject, consumed: readonly string[]): WireObject | undefined {
  let rest: WireObject | undefined;
  for (const key in object) {
    if (consumed.includes(key)) continue;
    rest ??= {};
    rest[key] = object[key];
  }
  return rest;
}

/** `extensions` holding `fields` under this format's key, or undefined when there are none. */
export function responsesExtensionsOf(fields: WireObject | undefined): Extensions | undefined {
  return fields === undefined ? undefined : { [responsesFormatId]: fields };
}

/** Sets `extensions.responses` on `target` when `fields` is defined; returns `target`. */
export function withResponsesExtensions<Target extends { extensions?: Extensions }>(
  target: Target,
  fields: WireObject | undefined,
): Target {
  if (fields !== undefined) target.extensions = { [responsesFormatId]: fields };
  return target;
}

/**
 * Copies `fields` onto `target` and returns it: `{ type, ...fields }` for the hot encode paths, as a
 * loop, which V8 runs several times faster than an object spread of sources of varying shapes.
 */
export function assignFields(target: WireObject, fields: WireObject | undefined): WireObject {
  for (const key in fields) target[key] = fields[key];
  return target;
}

/** True for a non-null, non-array object. */
export function isWireObject(value: unknown): value is WireObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
