import type { ConversionContext, FinishReason, ResponseStatus } from "@interlingua/core";

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

/** The statuses the client's `Interaction.status` lists (@google/genai 3.1.0). */
export const interactionsStatuses: ReadonlySet<string> = new Set([
  "in_progress",
  "requires_action",
  "completed",
  "failed",
  "cancelled",
  "incomplete",
  "budget_exceeded",
  "queued",
  "requires_continuation",
]);

/**
 * The interaction `status` for a canonical state: the raw status, when it is one of this format's
 * and decodes to the same state
 * and reason, else `failed`, `in_progress`, `requires_action` for tool calls, `incomplete` for a
 * length stop, `requires_continuation` for a pause, `cancelled` for another early end, and
 * `completed` otherwise.
 */
export function encodeInteractionsStatus(
  status: ResponseStatus,
  finishReason: FinishReason,
  calledFunction: boolean,
): string {
  if (finishReason.raw !== undefined && interactionsStatuses.has(finishReason.raw)) {
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

/**
 * Reports, at `path`, a finish reason that the encoded `status` does not give back (another
 * format's reason this format has no status for, such as a content filter, or an unknown value
 * sent under another name), naming the reason as the source sent it.
 */
export function reportInteractionsStatusLoss(
  encoded: string,
  finishReason: FinishReason,
  calledFunction: boolean,
  path: string,
  context: ConversionContext,
): void {
  const kept = decodeInteractionsStatus(encoded, calledFunction).finishReason.reason === finishReason.reason;
  // An `other` reason is only its raw value: a status of another name does not carry it.
  const named =
    finishReason.reason !== "other" || finishReason.raw === undefined || finishReason.raw === encoded;
  if (kept && named) return;
  context.lose(
    "approximated",
    path,
    `The finish reason ${finishReason.reason}${finishReason.raw === undefined ? "" : ` (${finishReason.raw})`} has no interactions status; sent as ${encoded}`,
  );
}
