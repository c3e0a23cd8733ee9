import { createParser, type EventSourceMessage, type ParseError } from "eventsource-parser";
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
  return new SseDecoderTransformer();
}

/** The transformer of {@link createSseDecoderTransformer}, its state in fields (one object per stream, not a closure per step). */
class SseDecoderTransformer
  implements StreamTransformer<string | Uint8Array, SseMessage | StreamParseFailure>
{
  private readonly textDecoder = new TextDecoder();
  private output!: TransformStreamDefaultController<SseMessage | StreamParseFailure>;
  // eventsource-parser calls its callbacks detached from the object it was given.
  private readonly parser = createParser({
    onEvent: (event) => this.message(event),
    onError: (error) => this.parseError(error),
  });

  /** An event the parser read. */
  private message(event: EventSourceMessage): void {
    const message: SseMessage = { data: event.data };
    if (event.event !== undefined) message.event = event.event;
    if (event.id !== undefined) message.id = event.id;
    this.output.enqueue(message);
  }

  /** A malformed line the parser met. */
  private parseError(error: ParseError): void {
    if (error.type === "invalid-retry") return;
    this.output.enqueue(new StreamParseFailure(error.message, error.line ?? ""));
  }

  start(controller: TransformStreamDefaultController<SseMessage | StreamParseFailure>): void {
    this.output = controller;
  }

  transform(chunk: string | Uint8Array): void {
    this.parser.feed(typeof chunk === "string" ? chunk : this.textDecoder.decode(chunk, { stream: true }));
  }

  flush(): void {
    // Bytes of an unfinished character become U+FFFD, and a final CR may still be waiting for a
    // possible LF: end the line. An event without its closing blank line is discarded, as the
    // SSE specification says.
    this.parser.feed(`${this.textDecoder.decode()}\n`);
  }
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
