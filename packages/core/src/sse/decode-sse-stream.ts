import { createSseDecoderStream } from "./create-sse-decoder-stream";
import type { SseMessage } from "./sse-message";
import { StreamParseFailure } from "./stream-parse-failure";

/** Bytes of a `text/event-stream` body → server-sent events (UTF-8 split anywhere is fine). */
export function decodeSseStream(
  body: ReadableStream<Uint8Array>,
): ReadableStream<SseMessage | StreamParseFailure> {
  const textDecoder = new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>;
  return body.pipeThrough(textDecoder).pipeThrough(createSseDecoderStream());
}

/**
 * Bytes of a `text/event-stream` body whose data lines are JSON → the parsed values, in order.
 * Data that is not JSON, and malformed framing, become {@link StreamParseFailure} items.
 */
export function decodeJsonEventStream(body: ReadableStream<Uint8Array>): ReadableStream<unknown> {
  return decodeSseStream(body).pipeThrough(
    new TransformStream<SseMessage | StreamParseFailure, unknown>({
      transform(item, controller) {
        if (StreamParseFailure.isInstance(item)) {
          controller.enqueue(item);
          return;
        }
        try {
          controller.enqueue(JSON.parse(item.data));
        } catch {
          controller.enqueue(new StreamParseFailure("Event data is not valid JSON", item.data));
        }
      },
    }),
  );
}
