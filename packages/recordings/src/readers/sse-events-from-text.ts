import { decodeJsonEventStream, StreamParseFailure } from "@interlingua/core";
import { RecordingInputError } from "./recording-input-error";

/**
 * The JSON data of each server-sent event in a stream, in order. A `[DONE]` sentinel is skipped;
 * any other data that is not JSON is an error naming the event.
 */
export async function* sseEvents(bytes: ReadableStream<Uint8Array>, name: string): AsyncGenerator<unknown> {
  const reader = decodeJsonEventStream(bytes).getReader();
  let index = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    index++;
    if (StreamParseFailure.isInstance(value)) {
      if (value.raw.trim() === "[DONE]") continue;
      throw new RecordingInputError(`${name}: server-sent event ${index}: ${value.message}`);
    }
    yield value;
  }
}

/** {@link sseEvents} of a whole transcript held as text (a HAR entry's content). */
export async function sseEventsFromText(text: string, name: string): Promise<unknown[]> {
  const bytes = new Response(text).body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  const events: unknown[] = [];
  for await (const event of sseEvents(bytes, name)) events.push(event);
  return events;
}

/** Whether text looks like a server-sent event transcript rather than JSON. */
export function looksLikeSse(text: string): boolean {
  return /^\s*(event|data|id|retry)?:/.test(text);
}
