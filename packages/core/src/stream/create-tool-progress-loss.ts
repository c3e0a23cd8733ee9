import { type ConversionContext, pointer } from "../conversion/conversion-context";
import type { ChatEventOf } from "../model/chat-event";

/**
 * For the stream encoder of a format with no place for a hosted tool's live progress: a function
 * that reports the progress of each hosted call as `dropped` at `/parts/<index>`, once per call
 * however many progress events it has (a code interpreter streams its code in many deltas).
 */
export function createToolProgressLoss(
  context: ConversionContext,
  format: string,
): (event: ChatEventOf<"tool-progress">) => void {
  const reported = new Set<number>();
  return (event) => {
    if (reported.has(event.index)) return;
    reported.add(event.index);
    context.lose(
      "dropped",
      pointer("", "parts", event.index),
      `the live progress of a hosted tool call (${event.stage}) has no place in a ${format} stream`,
    );
  };
}
