import { type AnyCodec, formatSseMessage } from "@interlingua/core";
import type { StreamFraming } from "../formats/gateway-format";
import type { SecretRedactor } from "./create-secret-redactor";

const textEncoder = new TextEncoder();

/** How wire events are framed into bytes, one event at a time. */
export interface EventFramer {
  /** The bytes of one event. */
  event(wire: unknown): Uint8Array;
  /** The bytes that close the body, if any; `failed` when the body ended with the format's error event. */
  end(failed?: boolean): Uint8Array | undefined;
}

/** How wire events are framed as text, one event at a time (UTF-8 is the caller's, so a batch is encoded once). */
export interface EventTextFramer {
  /** The text of one event, its JSON redacted by `redact` when given. */
  event(wire: unknown, redact?: SecretRedactor): string;
  /** The text of an event framed before as `text` (its place in the body kept), its JSON redacted. */
  redacted(wire: unknown, text: string, redact: SecretRedactor): string;
  /** The text that closes the body, if any; `failed` when the body ended with the format's error event. */
  end(failed?: boolean): string | undefined;
}

const lineBreak = /[\r\n]/;

/**
 * A text framer for the front's stream body: SSE named by the codec's `sseEventName`, or a streamed
 * JSON array (generate-content without `alt=sse`). `formatSseMessage`'s text, without its scan of
 * the data for line breaks: `JSON.stringify` escapes every control character, so the data is one
 * line. An event name holding CR or LF is refused as `formatSseMessage` refuses it (checked once per
 * name in a row: most of a stream's events are the same delta). With `sseDoneData` (chat-completions
 * `[DONE]`), an SSE body that did not fail ends with one more event holding it; a failed one ends at
 * its error event, as the upstream's own failed streams that are passed through do, so a client that
 * takes the closing line for a complete answer is not misled.
 */
export function createEventTextFramer(
  codec: AnyCodec,
  framing: StreamFraming,
  sseDoneData?: string,
): EventTextFramer {
  if (framing === "json-array") {
    let first = true;
    return {
      event(wire, redact) {
        const separator = first ? "[" : ",\r\n";
        first = false;
        const data = JSON.stringify(wire);
        return separator + (redact ? redact(data) : data);
      },
      redacted: (wire, text, redact) => (text.startsWith("[") ? "[" : ",\r\n") + redact(JSON.stringify(wire)),
      end: () => (first ? "[]" : "]"),
    };
  }
  let checkedName: string | undefined;
  return {
    redacted(wire, _text, redact) {
      return this.event(wire, redact);
    },
    event(wire, redact) {
      const name = codec.sseEventName(wire);
      const json = JSON.stringify(wire);
      const data = redact ? redact(json) : json;
      if (name === undefined) return `data: ${data}\n\n`;
      if (name !== checkedName) {
        if (lineBreak.test(name)) throw new TypeError("SSE event name must not contain CR or LF");
        checkedName = name;
      }
      return `event: ${name}\ndata: ${data}\n\n`;
    },
    end: (failed) =>
      sseDoneData === undefined || failed ? undefined : formatSseMessage({ data: sseDoneData }),
  };
}

/**
 * A framer for the front's stream body, as bytes: {@link createEventTextFramer}'s text, secrets
 * redacted from each event's JSON, as UTF-8.
 */
export function createEventFramer(
  codec: AnyCodec,
  framing: StreamFraming,
  redact: SecretRedactor,
  sseDoneData?: string,
): EventFramer {
  const text = createEventTextFramer(codec, framing, sseDoneData);
  return {
    event: (wire) => textEncoder.encode(text.event(wire, redact)),
    end(failed) {
      const closing = text.end(failed);
      return closing === undefined ? undefined : textEncoder.encode(closing);
    },
  };
}

/** `framer`, telling `onBytes` the size of every piece of the body it makes (for the exchange's bytes out). */
export function countFramedBytes(framer: EventFramer, onBytes?: (bytes: number) => void): EventFramer {
  if (!onBytes) return framer;
  return {
    event(wire) {
      const bytes = framer.event(wire);
      onBytes(bytes.byteLength);
      return bytes;
    },
    end(failed) {
      const bytes = framer.end(failed);
      if (bytes) onBytes(bytes.byteLength);
      return bytes;
    },
  };
}

/** Told each event of a stream body with its bytes as framed (for keeping a stream for resuming). */
export type FrameWatcher = (wire: unknown, bytes: Uint8Array) => void;

/** `framer`, telling `onFrame` each event it frames, as it frames it (before the body's close). */
export function watchFramedEvents(framer: EventFramer, onFrame?: FrameWatcher): EventFramer {
  if (!onFrame) return framer;
  return {
    event(wire) {
      const bytes = framer.event(wire);
      onFrame(wire, bytes);
      return bytes;
    },
    end: (failed) => framer.end(failed),
  };
}
