import type { ConversionContext, FinishReason, FinishReasonKind } from "@interlingua/core";

/** The canonical reason of each `finishReason` and `blockReason` value (unknown values are `other`). */
export const generateContentFinishReasons: Record<string, FinishReasonKind> = {
  FINISH_REASON_UNSPECIFIED: "other",
  STOP: "stop",
  MAX_TOKENS: "length",
  SAFETY: "content_filter",
  RECITATION: "content_filter",
  LANGUAGE: "other",
  OTHER: "other",
  BLOCKLIST: "content_filter",
  PROHIBITED_CONTENT: "content_filter",
  SPII: "content_filter",
  MALFORMED_FUNCTION_CALL: "error",
  IMAGE_SAFETY: "content_filter",
  IMAGE_PROHIBITED_CONTENT: "content_filter",
  IMAGE_OTHER: "other",
  NO_IMAGE: "other",
  IMAGE_RECITATION: "content_filter",
  UNEXPECTED_TOOL_CALL: "error",
  TOO_MANY_TOOL_CALLS: "error",
  BLOCK_REASON_UNSPECIFIED: "content_filter",
};

/** The `finishReason` each canonical reason is sent as when no raw value of this format fits. */
const wireByKind: Record<FinishReasonKind, { raw: string; exact: boolean }> = {
  stop: { raw: "STOP", exact: true },
  length: { raw: "MAX_TOKENS", exact: true },
  // `STOP` also means a stop sequence matched, but reads back as a plain stop.
  stop_sequence: { raw: "STOP", exact: false },
  tool_calls: { raw: "STOP", exact: true },
  content_filter: { raw: "SAFETY", exact: true },
  refusal: { raw: "SAFETY", exact: false },
  pause: { raw: "OTHER", exact: false },
  error: { raw: "OTHER", exact: false },
  other: { raw: "OTHER", exact: true },
};

/**
 * A candidate's `finishReason` in canonical terms, raw value kept. `STOP` after a function call is
 * `tool_calls` (this format has no reason of its own for it).
 */
export function finishReasonFromGenerateContent(raw: string, madeToolCalls: boolean): FinishReason {
  if (raw === "STOP" && madeToolCalls) return { reason: "tool_calls", raw };
  return { reason: generateContentFinishReasons[raw] ?? "other", raw };
}

/**
 * Whether a decoded finish reason is all its canonical reason says (`SAFETY`, `MAX_TOKENS`), not a
 * value that says more (`RECITATION`: which filter) and that another format can only approximate.
 */
export function saidByCanonicalReason(finishReason: FinishReason): boolean {
  const wire = wireByKind[finishReason.reason];
  return wire.exact && wire.raw === finishReason.raw;
}

/** A prompt's `blockReason` as the finish reason of a response without candidates. */
export function blockReasonFromGenerateContent(raw: string): FinishReason {
  return { reason: "content_filter", raw };
}

/**
 * A canonical finish reason as a `finishReason` value: its raw value when that is one of ours and
 * means the same (a value this codec does not know is echoed only for a candidate decoded from this
 * format, `fromThisFormat`), otherwise the closest value (a loss where it is not exact).
 */
export function finishReasonToGenerateContent(
  finishReason: FinishReason,
  madeToolCalls: boolean,
  context: ConversionContext,
  path: string,
  fromThisFormat: boolean,
): string {
  const raw = finishReason.raw;
  if (
    raw !== undefined &&
    (raw in generateContentFinishReasons || (fromThisFormat && /^[A-Z_]+$/.test(raw)))
  ) {
    const decoded = finishReasonFromGenerateContent(raw, madeToolCalls);
    if (decoded.reason === finishReason.reason) return raw;
  }
  const wire = wireByKind[finishReason.reason];
  // `STOP` reads as `tool_calls` exactly when the candidate calls functions, so a tool-use stop
  // without a call, or a plain stop beside one, cannot be said.
  const saysToolCalls = wire.raw === "STOP" && madeToolCalls;
  const contradicted = wire.raw === "STOP" && saysToolCalls !== (finishReason.reason === "tool_calls");
  if (!wire.exact || contradicted)
    context.lose("approximated", path, `The finish reason ${finishReason.reason} is sent as ${wire.raw}`);
  // An upstream value with no meaning here (another format's newer reason) is kept only canonically.
  else if (finishReason.reason === "other" && raw !== undefined && raw !== wire.raw)
    context.lose("approximated", path, `The finish reason ${raw} is sent as ${wire.raw}`);
  return wire.raw;
}
