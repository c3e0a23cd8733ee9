import type { ChatResponse } from "../model/chat-response";
import type { ConversionContext } from "./conversion-context";

/**
 * Reports what an answer's status loses in a `target` format whose answers are always finished
 * (completed or cut short): a failed answer's status and error, and an unfinished answer's
 * (`in_progress`) status, each `dropped` at its place in the upstream answer. The answer encoders
 * of such formats call it.
 */
export function reportUnsayableStatus(
  response: ChatResponse,
  target: string,
  context: ConversionContext,
): void {
  if (response.status === "failed" || response.status === "in_progress")
    context.lose(
      "dropped",
      "/status",
      `the ${target} format has no ${response.status} answer: it is sent as finished`,
    );
  if (response.error !== undefined)
    context.lose("dropped", "/error", `the ${target} format has no failed answer: its error is left out`);
}
