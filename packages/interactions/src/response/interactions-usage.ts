import {
  type ConversionContext,
  pointer,
  type Usage,
  usageAccounting,
  usageFromWire,
  usageToWire,
} from "@interlingua/core";
import { remainingFields, type WireObject } from "../interactions-extensions";

/**
 * The interactions usage counts the way generate-content's are counted (the same Gemini
 * accounting): `total_input_tokens` includes `total_cached_tokens`, and `total_output_tokens`
 * excludes `total_thought_tokens`.
 */
export const interactionsUsageAccounting = usageAccounting["generate-content"];

const countFields = [
  "total_input_tokens",
  "total_cached_tokens",
  "total_output_tokens",
  "total_thought_tokens",
  "total_tokens",
];

/**
 * Canonical usage counts and the `Usage` fields they come from, for loss paths. The reasoning count
 * is not one field's: without it `total_output_tokens` changes too, so its loss is the usage's.
 */
const countSources = [
  ["totalTokens", "total_tokens"],
  ["cacheReadTokens", "total_cached_tokens"],
  ["inputTokens", "total_input_tokens"],
] as const;

/**
 * A `Usage` object as canonical usage; per-modality and tool-use counts stay in extensions. With
 * `traced`, each count and kept field is traced to its field at `traced.source`, so another format
 * that cannot say it reports it there.
 */
export function decodeInteractionsUsage(
  usage: WireObject,
  traced?: { context: ConversionContext; source: string },
): Usage {
  const number = (field: string) => (typeof usage[field] === "number" ? (usage[field] as number) : undefined);
  const decoded = usageFromWire(
    {
      input: number("total_input_tokens"),
      cacheRead: number("total_cached_tokens"),
      output: number("total_output_tokens"),
      reasoning: number("total_thought_tokens"),
      total: number("total_tokens"),
    },
    interactionsUsageAccounting,
  );
  const rest = remainingFields(usage, countFields);
  if (Object.keys(rest).length > 0) decoded.extensions = { interactions: rest };
  if (traced) {
    const { context, source } = traced;
    for (const [canonical, field] of countSources)
      if (usage[field] !== undefined) context.trace(`/usage/${canonical}`, `${source}/${field}`);
    for (const key of Object.keys(rest))
      context.trace(pointer("/usage/extensions/interactions", key), pointer(source, key), true);
  }
  return decoded;
}

/** Canonical usage as a `Usage` object. */
export function encodeInteractionsUsage(usage: Usage): WireObject {
  const counts = usageToWire(usage, interactionsUsageAccounting);
  const wire: WireObject = {};
  if (counts.input !== undefined) wire.total_input_tokens = counts.input;
  if (counts.cacheRead !== undefined) wire.total_cached_tokens = counts.cacheRead;
  if (counts.output !== undefined) wire.total_output_tokens = counts.output;
  if (counts.reasoning !== undefined) wire.total_thought_tokens = counts.reasoning;
  if (counts.total !== undefined) wire.total_tokens = counts.total;
  return { ...wire, ...usage.extensions?.interactions };
}
