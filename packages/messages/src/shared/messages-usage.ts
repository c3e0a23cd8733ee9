import { type Usage, usageAccounting, usageFromWire, usageToWire } from "@interlingua/core";
import type { MessagesUsage } from "../wire/messages-response";
import { extraFields, isRecord, messagesExtensions } from "./extra-fields";

const knownUsageFields = new Set([
  "input_tokens",
  "output_tokens",
  "cache_creation_input_tokens",
  "cache_read_input_tokens",
]);

/** Cache counts reported earlier in a stream, for a later usage that omits them. */
export interface MessagesCacheCounts {
  cacheRead?: number;
  cacheWrite?: number;
}

const numberOrUndefined = (value: unknown) => (typeof value === "number" ? value : undefined);

/**
 * A messages `usage` as canonical {@link Usage}, by the documented accounting (`input_tokens`
 * excludes cache reads and writes). `earlier` supplies cache counts a `message_delta` usage leaves
 * out. Thinking tokens (`output_tokens_details.thinking_tokens`) become `reasoningTokens`; every
 * other field is kept in `extensions.messages`.
 */
export function usageFromMessages(wire: MessagesUsage, earlier?: MessagesCacheCounts): Usage {
  const cacheRead = numberOrUndefined(wire.cache_read_input_tokens);
  const cacheWrite = numberOrUndefined(wire.cache_creation_input_tokens);
  const input = numberOrUndefined(wire.input_tokens);
  const usage = usageFromWire(
    {
      input:
        input === undefined
          ? undefined
          : input +
            (cacheRead === undefined ? (earlier?.cacheRead ?? 0) : 0) +
            (cacheWrite === undefined ? (earlier?.cacheWrite ?? 0) : 0),
      cacheRead,
      cacheWrite,
      output: numberOrUndefined(wire.output_tokens),
    },
    usageAccounting.messages,
  );
  const details = wire.output_tokens_details;
  if (isRecord(details) && typeof details.thinking_tokens === "number") {
    usage.reasoningTokens = details.thinking_tokens;
  }
  const extensions = messagesExtensions(extraFields(wire, knownUsageFields));
  if (extensions) usage.extensions = extensions;
  return usage;
}

/**
 * Canonical {@link Usage} as a messages `usage` (the inverse of {@link usageFromMessages}).
 * `required` fills `input_tokens` / `output_tokens` with 0 where the wire object requires them.
 */
export function usageToMessages(
  usage: Usage,
  options: { earlier?: MessagesCacheCounts; required?: "input-and-output" | "output" } = {},
): MessagesUsage {
  const counts = usageToWire(usage, usageAccounting.messages);
  const wire: MessagesUsage = { ...usage.extensions?.messages };
  if (counts.input !== undefined) {
    const earlier = options.earlier;
    wire.input_tokens = Math.max(
      0,
      counts.input -
        (counts.cacheRead === undefined ? (earlier?.cacheRead ?? 0) : 0) -
        (counts.cacheWrite === undefined ? (earlier?.cacheWrite ?? 0) : 0),
    );
  } else if (options.required === "input-and-output" && wire.input_tokens === undefined) {
    wire.input_tokens = 0;
  }
  if (counts.cacheWrite !== undefined) wire.cache_creation_input_tokens = counts.cacheWrite;
  if (counts.cacheRead !== undefined) wire.cache_read_input_tokens = counts.cacheRead;
  if (counts.output !== undefined) wire.output_tokens = counts.output;
  else if (options.required !== undefined && wire.output_tokens === undefined) wire.output_tokens = 0;
  return wire;
}
