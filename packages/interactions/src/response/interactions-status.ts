import type { FinishReason, ResponseStatus } from "@interlingua/core";

/** An interaction's `status` in canonical terms. */
export interface DecodedInteractionsStatus {
  status: ResponseStatus;
  finishReason: FinishReason;
}

/**
 * An interaction `status` as a canonical lifecycle state and finish reason: `completed` is a stop
 * (a tool-calls stop when the model called a function), `requires_action` waits for tool results,
 * `incomplete` ran out of output tokens, `requires_continuation` paused, `failed` failed, and
 * `cancelled`, `budget_exceeded`, `in_progress` and `queued` ended early or are still running.
 * The raw status is kept as the finish reason's `raw`.
 */
export function decodeInteractionsStatus(status: string, calledFunction: boolean): DecodedInteractionsStatus {
  const raw = { raw: status };
  switch (status) {
    case "completed":
      return {
        status: "completed",
        finishReason: { reason: calledFunction ? "tool_calls" : "stop", ...raw },
      };
    case "requires_action":
      return { status: "completed", finishReason: { reason: "tool_calls", ...raw } };
    case "incomplete":
      return { status: "incomplete", finishReason: { reason: "length", ...raw } };
    case "requires_continuation":
      return { status: "incomplete", finishReason: { reason: "pause", ...raw } };
    case "failed":
      return { status: "failed", finishReason: { reason: "error", ...raw } };
    case "in_progress":
    case "queued":
      return { status: "in_progress", finishReason: { reason: "other", ...raw } };
    default:
      return { status: "incomplete", finishReason: { reason: "other", ...raw } };
  }
}

/**
 * The interaction `status` for a canonical state: the raw status when it decodes to the same state
 * and reason, else `failed`, `in_progress`, `requires_action` for tool calls, `incomplete` for a
 * length stop, `requires_continuation` for a pause, `cancelled` for another early end, and
 * `completed` otherwise.
 */
export function encodeInteractionsStatus(
  status: ResponseStatus,
  finishReason: FinishReason,
  calledFunction: boolean,
): string {
  if (finishReason.raw !== undefined) {
    const decoded = decodeInteractionsStatus(finishReason.raw, calledFunction);
    if (decoded.status === status && decoded.finishReason.reason === finishReason.reason)
      return finishReason.raw;
  }
  if (status === "failed" || finishReason.reason === "error") return "failed";
  if (status === "in_progress") return "in_progress";
  switch (finishReason.reason) {
    case "tool_calls":
      return "requires_action";
    case "length":
      return "incomplete";
    case "pause":
      return "requires_continuation";
  }
  return status === "incomplete" ? "cancelled" : "completed";
}
