import type { SseMessage } from "./sse-message";

const lineBreak = /[\r\n]/;

/**
 * One server-sent event as text: `event:` and `id:` lines (CR or LF in them is refused, since it
 * would forge extra fields), one `data:` line per line of data, and the blank line that ends it.
 */
export function formatSseMessage(message: SseMessage): string {
  let text = "";
  if (message.event !== undefined) {
    if (lineBreak.test(message.event)) throw new TypeError("SSE event name must not contain CR or LF");
    text += `event: ${message.event}\n`;
  }
  if (message.id !== undefined) {
    if (lineBreak.test(message.id)) throw new TypeError("SSE id must not contain CR or LF");
    text += `id: ${message.id}\n`;
  }
  if (lineBreak.test(message.data)) {
    for (const line of message.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  } else {
    text += `data: ${message.data}\n`;
  }
  return `${text}\n`;
}

/**
 * Wire events → `text/event-stream` bytes: each event is serialised as JSON and framed, named by
 * `eventName` (a codec's `sseEventName`) when that returns a name.
 */
export function createJsonSseEncoderStream<Event>(
  eventName: (event: Event) => string | undefined,
): TransformStream<Event, Uint8Array> {
  const encoder = new TextEncoder();
  return new TransformStream({
    transform(event, controller) {
      const message: SseMessage = { data: JSON.stringify(event) };
      const name = eventName(event);
      if (name !== undefined) message.event = name;
      controller.enqueue(encoder.encode(formatSseMessage(message)));
    },
  });
}
