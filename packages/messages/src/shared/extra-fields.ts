import type { Extensions } from "@interlingua/core";

/**
 * The fields of a wire object that have no canonical place: every key not in `known`, and known
 * keys whose value is `null` (the canonical model has no null), except those in `nullImplied`
 * (keys the encoder always writes as `null` when it has nothing). Undefined when there are none.
 */
export function extraFields(
  source: Record<string, unknown>,
  known: ReadonlySet<string>,
  nullImplied?: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  let extra: Record<string, unknown> | undefined;
  for (const key in source) {
    const value = source[key];
    if (value === undefined) continue;
    if (known.has(key) && (value !== null || nullImplied?.has(key))) continue;
    if (extra === undefined) extra = {};
    extra[key] = value;
  }
  return extra;
}

/** `{messages: fields}` when there are fields, for a canonical `extensions` property. */
export function messagesExtensions(fields: Record<string, unknown> | undefined): Extensions | undefined {
  return fields === undefined ? undefined : { messages: fields };
}

/** The messages-format fields kept in a canonical value's `extensions`, if any. */
export function messagesFields(value: { extensions?: Extensions }): Record<string, unknown> | undefined {
  return value.extensions?.messages;
}

/** A plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
