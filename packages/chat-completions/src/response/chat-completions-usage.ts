import { type Usage, usageAccounting, usageFromWire, usageToWire } from "@interlingua/core";
import { isWireObject, remainingFields, type WireObject } from "../chat-completions-extensions";

const accounting = usageAccounting["chat-completions"];

/**
 * `usage` as canonical usage, by the chat-completions accounting (`prompt_tokens` includes
 * `cached_tokens`, `completion_tokens` includes `reasoning_tokens`). The other counts (audio,
 * predictions, a server's own) stay in the usage's extensions, detail objects included.
 */
export function decodeChatCompletionsUsage(wire: WireObject): Usage {
  const promptDetails = isWireObject(wire.prompt_tokens_details) ? wire.prompt_tokens_details : undefined;
  const completionDetails = isWireObject(wire.completion_tokens_details)
    ? wire.completion_tokens_details
    : undefined;
  const cached = promptDetails?.cached_tokens;
  const reasoning = completionDetails?.reasoning_tokens;
  const usage = usageFromWire(
    {
      input: numberOrUndefined(wire.prompt_tokens),
      cacheRead: numberOrUndefined(cached),
      output: numberOrUndefined(wire.completion_tokens),
      reasoning: numberOrUndefined(reasoning),
      total: numberOrUndefined(wire.total_tokens),
    },
    accounting,
  );
  const consumed = ["prompt_tokens", "completion_tokens", "total_tokens"].filter(
    (field) => typeof wire[field] === "number",
  );
  const rest: WireObject = {
    ...remainingFields(wire, [...consumed, "prompt_tokens_details", "completion_tokens_details"]),
  };
  if (promptDetails !== undefined)
    rest.prompt_tokens_details =
      remainingFields(promptDetails, typeof cached === "number" ? ["cached_tokens"] : []) ?? {};
  else if (wire.prompt_tokens_details !== undefined) rest.prompt_tokens_details = wire.prompt_tokens_details;
  if (completionDetails !== undefined)
    rest.completion_tokens_details =
      remainingFields(completionDetails, typeof reasoning === "number" ? ["reasoning_tokens"] : []) ?? {};
  else if (wire.completion_tokens_details !== undefined)
    rest.completion_tokens_details = wire.completion_tokens_details;
  if (Object.keys(rest).length > 0) usage.extensions = { "chat-completions": rest };
  return usage;
}

/**
 * Canonical usage as `usage`: the three totals always (0 where unknown, as the format requires
 * them), cached and reasoning counts in their detail objects. Cache writes have no field: they are
 * part of `prompt_tokens`, as the accounting says.
 */
export function encodeChatCompletionsUsage(usage: Usage): WireObject {
  const counts = usageToWire(usage, accounting);
  const fields = usage.extensions?.["chat-completions"] ?? {};
  const { prompt_tokens_details: promptRest, completion_tokens_details: completionRest, ...rest } = fields;
  const wire: WireObject = { ...rest };
  wire.prompt_tokens = counts.input ?? 0;
  wire.completion_tokens = counts.output ?? 0;
  wire.total_tokens = counts.total ?? (counts.input ?? 0) + (counts.output ?? 0);
  if (counts.cacheRead !== undefined || promptRest !== undefined) {
    const details: WireObject = isWireObject(promptRest) ? { ...promptRest } : {};
    if (counts.cacheRead !== undefined) details.cached_tokens = counts.cacheRead;
    wire.prompt_tokens_details =
      isWireObject(promptRest) || counts.cacheRead !== undefined ? details : promptRest;
  }
  if (counts.reasoning !== undefined || completionRest !== undefined) {
    const details: WireObject = isWireObject(completionRest) ? { ...completionRest } : {};
    if (counts.reasoning !== undefined) details.reasoning_tokens = counts.reasoning;
    wire.completion_tokens_details =
      isWireObject(completionRest) || counts.reasoning !== undefined ? details : completionRest;
  }
  return wire;
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}
