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
 * Whether `raw` is a stop reason of this format meaning `reason`: one of the known values, or, for
 * `other`, a newer value spelled as this format spells them (`brand_new_reason`), which a messages
 * upstream may send before this codec knows it. Other formats' values (Gemini's `OTHER`,
 * `LANGUAGE`, the responses format's `max_output_tokens`) are not stop reasons.
 */
function isOwnStopReason(raw: string, reason: FinishReasonKind): boolean {
  if (Object.hasOwn(reasonByStopReason, raw)) return reasonByStopReason[raw] === reason;
  return reason === "other" && /^[a-z]+(_[a-z]+)*$/.test(raw) && !foreignLowerCaseReasons.has(raw);
}

/** Lower-case finish reasons of the other formats, which are not messages stop reasons. */
const foreignLowerCaseReasons = new Set([
  "max_output_tokens",
  "content_filter",
  "stop",
  "length",
  "tool_calls",
]);

/** A `stop_reason` as a canonical finish reason, the raw value kept; unknown values become `other`. */
export function finishReasonFromMessages(stopReason: string | null | undefined): FinishReason {
  if (stopReason == null) return { reason: "other" };
  return { reason: reasonByStopReason[stopReason] ?? "other", raw: stopReason };
}

/**
 * A canonical finish reason as a `stop_reason`: the raw value when it is this format's own and means
 * the same (see {@link isOwnStopReason}), else the closest value (recording a loss when the meaning
 * changes). `other` is `null` (a loss when it had another format's raw value).
 */
export function stopReasonToMessages(
  finishReason: FinishReason,
  context: ConversionContext,
  path: string,
): string | null {
  const { reason, raw } = finishReason;
  if (raw !== undefined && isOwnStopReason(raw, reason)) return raw;
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
