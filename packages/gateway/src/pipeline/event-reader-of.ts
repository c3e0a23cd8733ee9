import type { ChatEvent, ChatEventBatches } from "@interlingua/core";

/** A reader of events one at a time, as a Web stream's reader reads them. */
export type EventReader = Pick<ReadableStreamDefaultReader<ChatEvent>, "read" | "cancel">;

/** `source`'s events read one at a time (for the staged path, which guards a stream event by event). */
export function eventReaderOf(source: ChatEventBatches): EventReader {
  let held: ChatEvent[] = [];
  let next = 0;
  return {
    async read() {
      while (next >= held.length) {
        const batch = await source.read();
        if (batch.done) return { done: true, value: undefined };
        held = batch.value;
        next = 0;
      }
      return { done: false, value: held[next++] as ChatEvent };
    },
    cancel: (reason) => source.cancel(reason),
  };
}
