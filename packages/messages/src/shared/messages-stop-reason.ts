import type { ConversionContext, FinishReason, FinishReasonKind } from "@interlingua/core";

const reasonByStopReason: Record<string, FinishReasonKind> = {
  end_turn: "stop",
  max_tokens: "length",
  model_context_window_exceeded: "length",
  stop_sequence: "stop_sequence",
  tool_use: "tool_calls",
  pause_turn: "pause",
  refusal: "refusal",
};

/** A `stop_reason` as a canonical finish reason, the raw value kept; unknown values become `other`. */
export function finishReasonFromMessages(stopReason: string | null | undefined): FinishReason {
  if (stopReason == null) return { reason: "other" };
  return { reason: reasonByStopReason[stopReason] ?? "other", raw: stopReason };
}

/**
 * A canonical finish reason as a `stop_reason`: the raw value when it is one of ours and means the
 * same, else the closest value (recording a loss when the meaning changes). `other` without a raw
 * value is `null`.
 */
export function stopReasonToMessages(
  finishReason: FinishReason,
  context: ConversionContext,
  path: string,
): string | null {
  const { reason, raw } = finishReason;
  if (raw !== undefined && (reasonByStopReason[raw] ?? "other") === reason) return raw;
  switch (reason) {
    case "stop":
      return "end_turn";
    case "length":
      return "max_tokens";
    case "stop_sequence":
      return "stop_sequence";
    case "tool_calls":
      return "tool_use";
    case "pause":
      return "pause_turn";
    case "refusal":
      return "refusal";
    case "content_filter":
      context.lose("approximated", path, "content_filter finish reason sent as stop_reason refusal");
      return "refusal";
    case "error":
      context.lose("approximated", path, "error finish reason sent as stop_reason end_turn");
      return "end_turn";
    case "other":
      if (raw !== undefined)
        context.lose("approximated", path, `finish reason ${raw} sent as stop_reason null`);
      return null;
    default: {
      const unknown: never = reason;
      throw new TypeError(`Unknown finish reason ${String(unknown)}`);
    }
  }
}
