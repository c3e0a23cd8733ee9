import { chainTransformers } from "../stream/chain-transformers";
import type { StreamTransformer } from "../stream/stream-transformer";
import { transformReadable } from "../stream/transform-readable";
import { createSseDecoderTransformer } from "./create-sse-decoder-stream";
import type { SseMessage } from "./sse-message";
import { StreamParseFailure } from "./stream-parse-failure";

/** Bytes of a `text/event-stream` body → server-sent events (UTF-8 split anywhere is fine), in one stage. */
export function decodeSseStream(
  body: ReadableStream<Uint8Array>,
): ReadableStream<SseMessage | StreamParseFailure> {
  return transformReadable(body, createSseDecoderTransformer());
}

/**
 * The transformer behind {@link decodeJsonEventStream}: UTF-8 bytes (or text) of an event stream
 * → the parsed JSON data of each event, decoding, framing and parsing in one synchronous step, so
 * a provider can chain its codec's stream decoder onto it and read a body in a single stage.
 */
export function createJsonEventDecoderTransformer(): StreamTransformer<Uint8Array | string, unknown> {
  return chainTransformers(createSseDecoderTransformer(), {
    transform(item, controller) {
      if (StreamParseFailure.isInstance(item)) {
        controller.enqueue(item);
        return;
      }
      let value: unknown;
      try {
        value = JSON.parse(item.data);
      } catch {
        value = new StreamParseFailure("Event data is not valid JSON", item.data);
      }
      controller.enqueue(value);
    },
  });
}

/**
 * Bytes of a `text/event-stream` body whose data lines are JSON → the parsed values, in order.
 * Data that is not JSON, and malformed framing, become {@link StreamParseFailure} items.
 */
export function decodeJsonEventStream(body: ReadableStream<Uint8Array>): ReadableStream<unknown> {
  return transformReadable(body, createJsonEventDecoderTransformer());
}
