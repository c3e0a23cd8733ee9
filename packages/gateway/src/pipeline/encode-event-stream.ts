import {
  type AnyCodec,
  type CanonicalError,
  type ChatEvent,
  createConversionContext,
  formatSseMessage,
  toCanonicalError,
  transformAll,
} from "@interlingua/core";
import type { SecretRedactor } from "./create-secret-redactor";

const textEncoder = new TextEncoder();

function frame(codec: AnyCodec, wire: unknown, redact: SecretRedactor): Uint8Array {
  const name = codec.sseEventName(wire);
  const data = redact(JSON.stringify(wire));
  return textEncoder.encode(formatSseMessage(name === undefined ? { data } : { event: name, data }));
}

/**
 * The front format's terminal error as SSE bytes, from a fresh encoder that is given only the
 * `error` event: how a stream ends when the encoder in use has failed, or when bytes were passed
 * through from an upstream that broke off.
 */
export async function encodeTerminalError(
  codec: AnyCodec,
  error: CanonicalError,
  redact: SecretRedactor,
): Promise<Uint8Array[]> {
  const wireEvents = await transformAll(
    [{ type: "error", error: error.toData() } satisfies ChatEvent],
    codec.createStreamEncoder(createConversionContext()),
  );
  return wireEvents.map((wire) => frame(codec, wire, redact));
}

/**
 * Canonical events → the front format's SSE bytes, pulled one event at a time so back-pressure
 * reaches the upstream. If the encoder fails (a loss in strict mode, or a bug) the stream still
 * ends with the format's own error event, never silently. Cancelling the bytes cancels the events.
 */
export function encodeEventStream(
  events: ReadableStream<ChatEvent>,
  codec: AnyCodec,
  encoder: TransformStream<ChatEvent, unknown>,
  redact: SecretRedactor,
): ReadableStream<Uint8Array> {
  const reader = events.pipeThrough(encoder).getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(frame(codec, next.value, redact));
      } catch (thrown) {
        for (const bytes of await encodeTerminalError(codec, toCanonicalError(thrown), redact))
          controller.enqueue(bytes);
        controller.close();
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
