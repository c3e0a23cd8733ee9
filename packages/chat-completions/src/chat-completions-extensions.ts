import type { Extensions } from "@interlingua/core";

/** The format id, also the key of this format's `extensions`. */
export const chatCompletionsFormatId = "chat-completions";

/** A wire object of this format, read loosely. */
export type WireObject = Record<string, unknown>;

/** This format's extension fields on a canonical value, if it has any. */
export function chatCompletionsExtensions(value: { extensions?: Extensions }): WireObject | undefined {
  return value.extensions?.[chatCompletionsFormatId];
}

/**
 * The fields of `object` other than `consumed` (the ones mapped to canonical fields), or undefined
 * when nothing is left. Kept in `extensions["chat-completions"]`, they make same-format round trips
 * lossless.
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

/** Sets `extensions["chat-completions"]` on `target` when `fields` has any; returns `target`. */
export function withChatCompletionsExtensions<Target extends { extensions?: Extensions }>(
  target: Target,
  fields: WireObject | undefined,
): Target {
  if (fields !== undefined && Object.keys(fields).length > 0)
    target.extensions = { ...target.extensions, [chatCompletionsFormatId]: fields };
  return target;
}

/** Copies the wire fields of `fields` (all but the `marks`, which are ours) onto `target`. */
export function assignWireFields(
  target: WireObject,
  fields: WireObject | undefined,
  marks: readonly string[] = [],
): WireObject {
  for (const key in fields) if (!marks.includes(key)) target[key] = fields[key];
  return target;
}

/** True for a non-null, non-array object. */
export function isWireObject(value: unknown): value is WireObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
