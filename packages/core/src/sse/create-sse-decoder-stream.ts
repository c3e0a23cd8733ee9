import { createParser } from "eventsource-parser";
import type { SseMessage } from "./sse-message";
import { StreamParseFailure } from "./stream-parse-failure";

/**
 * Text → server-sent events, through eventsource-parser: handles CRLF, LF and CR line endings and
 * chunks split anywhere; comments (`: ping`) are skipped; malformed lines become
 * {@link StreamParseFailure} items in the output rather than exceptions.
 */
export function createSseDecoderStream(): TransformStream<string, SseMessage | StreamParseFailure> {
  let enqueue: (item: SseMessage | StreamParseFailure) => void = () => {};
  const parser = createParser({
    onEvent(event) {
      const message: SseMessage = { data: event.data };
      if (event.event !== undefined) message.event = event.event;
      if (event.id !== undefined) message.id = event.id;
      enqueue(message);
    },
    onError(error) {
      if (error.type === "invalid-retry") return;
      enqueue(new StreamParseFailure(error.message, error.line ?? ""));
    },
  });
  return new TransformStream({
    start(controller) {
      enqueue = (item) => controller.enqueue(item);
    },
    transform(chunk) {
      parser.feed(chunk);
    },
    flush() {
      // A final CR may still be waiting for a possible LF; end the line. An event without its
      // closing blank line is discarded, as the SSE specification says.
      parser.feed("\n");
    },
  });
}
