import { createParser } from "eventsource-parser";
import type { StreamTransformer } from "../stream/stream-transformer";
import type { SseMessage } from "./sse-message";
import { StreamParseFailure } from "./stream-parse-failure";

/**
 * The transformer behind {@link createSseDecoderStream}: text or UTF-8 bytes (a sequence split
 * anywhere, even inside a character) → server-sent events, through eventsource-parser. Usable in
 * `chainTransformers` and `transformReadable`.
 */
export function createSseDecoderTransformer(): StreamTransformer<
  string | Uint8Array,
  SseMessage | StreamParseFailure
> {
  const textDecoder = new TextDecoder();
  let output!: TransformStreamDefaultController<SseMessage | StreamParseFailure>;
  const parser = createParser({
    onEvent(event) {
      const message: SseMessage = { data: event.data };
      if (event.event !== undefined) message.event = event.event;
      if (event.id !== undefined) message.id = event.id;
      output.enqueue(message);
    },
    onError(error) {
      if (error.type === "invalid-retry") return;
      output.enqueue(new StreamParseFailure(error.message, error.line ?? ""));
    },
  });
  return {
    start(controller) {
      output = controller;
    },
    transform(chunk) {
      parser.feed(typeof chunk === "string" ? chunk : textDecoder.decode(chunk, { stream: true }));
    },
    flush() {
      // Bytes of an unfinished character become U+FFFD, and a final CR may still be waiting for a
      // possible LF: end the line. An event without its closing blank line is discarded, as the
      // SSE specification says.
      parser.feed(`${textDecoder.decode()}\n`);
    },
  };
}

/**
 * Text → server-sent events, through eventsource-parser: handles CRLF, LF and CR line endings and
 * chunks split anywhere; comments (`: ping`) are skipped; malformed lines become
 * {@link StreamParseFailure} items in the output rather than exceptions. UTF-8 bytes are accepted
 * too.
 */
export function createSseDecoderStream(): TransformStream<string, SseMessage | StreamParseFailure> {
  return new TransformStream(createSseDecoderTransformer());
}
