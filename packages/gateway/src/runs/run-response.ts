import type { ChatResponse } from "@interlingua/core";
import type { StoredRun } from "./run-store";

/**
 * A run that has no stored answer (still running, failed or cancelled) as a canonical response
 * with no output: `in_progress`; `failed` with its error; cancelled as an early end (`incomplete`
 * for another reason, which the interactions format calls `cancelled`).
 */
export function runResponse(run: StoredRun): ChatResponse {
  const response: ChatResponse = {
    id: run.id,
    model: run.model,
    created: Math.floor(run.createdAt / 1000),
    parts: [],
    usage: {},
    status: "in_progress",
    finishReason: { reason: "other" },
  };
  if (run.status === "failed") {
    response.status = "failed";
    response.finishReason = { reason: "error" };
    if (run.error) response.error = run.error;
  } else if (run.status === "cancelled") response.status = "incomplete";
  return response;
}
