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

/**
 * The `extensions.messages` key marking a finish reason decoded from a messages answer whose
 * `stop_reason` this codec does not know yet: only then is that value sent again.
 */
export const ownStopReasonKey = "ownStopReason";

/** Whether `stopReason` is a value this codec does not know (a newer one of the format). */
export function isUnknownStopReason(stopReason: unknown): boolean {
  return typeof stopReason === "string" && !Object.hasOwn(reasonByStopReason, stopReason);
}

/**
 * Whether `raw` is a stop reason of this format meaning `reason`: one of the values the spec lists,
 * or, for `other`, a newer value a messages upstream sent (`own`, see {@link ownStopReasonKey}).
 * Other formats' values (Gemini's `OTHER`, `LANGUAGE`, the responses format's
 * `max_output_tokens`, a newer one of theirs) are never sent: clients read `stop_reason` as an enum.
 */
function isOwnStopReason(raw: string, reason: FinishReasonKind, own: boolean): boolean {
  if (Object.hasOwn(reasonByStopReason, raw)) return reasonByStopReason[raw] === reason;
  return own && reason === "other";
}

/** The `stop_reason` values that say more than their canonical reason (the others' first value says). */
const finerStopReasons = new Set(["model_context_window_exceeded"]);

/**
 * A `stop_reason` that says more than its canonical reason (`model_context_window_exceeded`: the
 * context window, not `max_tokens`, cut the answer short), which a decoder keeps as a field of this
 * format (`extensions.messages.stop_reason`) so that another format's encoder, which can say only
 * the reason, reports it dropped; undefined for any other value.
 */
export function finerStopReason(stopReason: unknown): string | undefined {
  return typeof stopReason === "string" && finerStopReasons.has(stopReason) ? stopReason : undefined;
}

/** A `stop_reason` as a canonical finish reason, the raw value kept; unknown values become `other`. */
export function finishReasonFromMessages(stopReason: string | null | undefined): FinishReason {
  if (stopReason == null) return { reason: "other" };
  return { reason: reasonByStopReason[stopReason] ?? "other", raw: stopReason };
}

/**
 * A canonical finish reason as a `stop_reason`: the raw value when it is this format's own and means
 * the same (see {@link isOwnStopReason}; `own` when the answer was decoded from this format with a
 * value the codec does not know), else the closest value (recording a loss when the meaning
 * changes). `other` is `null` (a loss when it had another format's raw value).
 */
export function stopReasonToMessages(
  finishReason: FinishReason,
  context: ConversionContext,
  path: string,
  own = false,
): string | null {
  const { reason, raw } = finishReason;
  if (raw !== undefined && isOwnStopReason(raw, reason, own)) return raw;
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
