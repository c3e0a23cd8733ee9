import { type ConversionContext, pointer } from "../conversion/conversion-context";
import type { ChatEvent } from "../model/chat-event";

/**
 * For the stream encoder of a format that names a tool call by one id (every format but responses,
 * whose `output_item.added` and `output_item.done` each say the call's `call_id`): a function, given
 * every event, that reports as `approximated` at `/parts/<index>` a call whose end names another id
 * than its start did (a stream that changed the call's id on the way), which such a format cannot
 * say: its client reads one of the two ids.
 */
export function createCallIdChangeLoss(
  context: ConversionContext,
  format: string,
): (event: ChatEvent) => void {
  const started = new Map<number, string>();
  return (event) => {
    if (event.type === "part-start" && event.kind === "tool-call" && event.id !== undefined)
      started.set(event.index, event.id);
    if (event.type !== "part-end" || event.part.type !== "tool-call") return;
    const id = started.get(event.index);
    started.delete(event.index);
    if (id !== undefined && id !== event.part.id)
      context.lose(
        "approximated",
        pointer("", "parts", event.index),
        `the call's id changed from ${id} to ${event.part.id} on the way; a ${format} stream names a call by one id`,
      );
  };
}
