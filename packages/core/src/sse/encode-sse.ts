import type { StreamTransformer } from "../stream/stream-transformer";
import { transformReadable } from "../stream/transform-readable";
import type { SseMessage } from "./sse-message";

const lineBreak = /[\r\n]/;

function checkedField(name: "event name" | "id", value: string): string {
  if (lineBreak.test(value)) throw new TypeError(`SSE ${name} must not contain CR or LF`);
  return value;
}

/**
 * One server-sent event as text: `event:` and `id:` lines (CR or LF in them is refused, since it
 * would forge extra fields), one `data:` line per line of data, and the blank line that ends it.
 */
export function formatSseMessage(message: SseMessage): string {
  let text = "";
  if (message.event !== undefined) text += `event: ${checkedField("event name", message.event)}\n`;
  if (message.id !== undefined) text += `id: ${checkedField("id", message.id)}\n`;
  if (lineBreak.test(message.data)) {
    for (const line of message.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  } else {
    text += `data: ${message.data}\n`;
  }
  return `${text}\n`;
}

/**
 * The transformer behind {@link createJsonSseEncoderStream}: each wire event serialised as JSON
 * and framed as one server-sent event, as UTF-8 bytes. (`JSON.stringify` escapes every control
 * character, so the data is always a single line.)
 */
export function createJsonSseEncoderTransformer<Event>(
  eventName: (event: Event) => string | undefined,
): StreamTransformer<Event, Uint8Array> {
  const encoder = new TextEncoder();
  return {
    transform(event, controller) {
      const data = JSON.stringify(event);
      const name = eventName(event);
      const text =
        name === undefined
          ? `data: ${data}\n\n`
          : `event: ${checkedField("event name", name)}\ndata: ${data}\n\n`;
      controller.enqueue(encoder.encode(text));
    },
  };
}

/**
 * Wire events → `text/event-stream` bytes: each event is serialised as JSON and framed, named by
 * `eventName` (a codec's `sseEventName`) when that returns a name.
 */
export function createJsonSseEncoderStream<Event>(
  eventName: (event: Event) => string | undefined,
): TransformStream<Event, Uint8Array> {
  return new TransformStream(createJsonSseEncoderTransformer(eventName));
}

/**
 * A stream of wire events as a `text/event-stream` body, framed as by
 * {@link createJsonSseEncoderStream} but in one pull-driven stage (see `transformReadable`): what a
 * server should send as the response body of a stream.
 */
export function encodeJsonEventStream<Event>(
  events: ReadableStream<Event>,
  eventName: (event: Event) => string | undefined,
): ReadableStream<Uint8Array> {
  return transformReadable(events, createJsonSseEncoderTransformer(eventName));
}
