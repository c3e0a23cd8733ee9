import * as z from "zod/mini";

/** Why generation stopped, in canonical terms. */
export const FinishReasonKind = z.enum([
  /** A natural end of the turn. */
  "stop",
  /** The output token limit was reached. */
  "length",
  /** A caller-given stop sequence was produced. */
  "stop_sequence",
  /** The model is waiting for tool results. */
  "tool_calls",
  /** Output (or the prompt) was blocked by a safety filter. */
  "content_filter",
  /** The model refused. */
  "refusal",
  /** A long-running turn paused; send it back to continue. */
  "pause",
  /** Generation failed. */
  "error",
  /** Anything else. */
  "other",
]);
/** Canonical finish reason; see {@link FinishReasonKind}. */
export type FinishReasonKind = z.infer<typeof FinishReasonKind>;

/** Why generation stopped: the canonical reason plus the vendor's own value. */
export const FinishReason = z.object({
  /** Canonical reason. */
  reason: FinishReasonKind,
  /** The vendor value it was mapped from (`end_turn`, `MAX_TOKENS`), kept for round trips. */
  raw: z.optional(z.string()),
});
/** Why generation stopped; see {@link FinishReason}. */
export type FinishReason = z.infer<typeof FinishReason>;
