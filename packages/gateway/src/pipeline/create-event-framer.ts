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

/**
 * A framer for the front's stream body: SSE named by the codec's `sseEventName`, or a streamed JSON
 * array (generate-content without `alt=sse`). Secrets are redacted from each event's JSON. With
 * `sseDoneData` (chat-completions `[DONE]`), an SSE body that did not fail ends with one more event
 * holding it; a failed one ends at its error event, as the upstream's own failed streams that are
 * passed through do, so a client that takes the closing line for a complete answer is not misled.
 */
export function createEventFramer(
  codec: AnyCodec,
  framing: StreamFraming,
  redact: SecretRedactor,
  sseDoneData?: string,
): EventFramer {
  if (framing === "json-array") {
    let first = true;
    return {
      event(wire) {
        const separator = first ? "[" : ",\r\n";
        first = false;
        return textEncoder.encode(separator + redact(JSON.stringify(wire)));
      },
      end: () => textEncoder.encode(first ? "[]" : "]"),
    };
  }
  return {
    event(wire) {
      const name = codec.sseEventName(wire);
      const data = redact(JSON.stringify(wire));
      return textEncoder.encode(formatSseMessage(name === undefined ? { data } : { event: name, data }));
    },
    end: (failed) =>
      sseDoneData === undefined || failed
        ? undefined
        : textEncoder.encode(formatSseMessage({ data: sseDoneData })),
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
