import {
  type AnyCodec,
  type CanonicalError,
  type ChatEvent,
  createConversionContext,
  toCanonicalError,
  transformAll,
} from "@interlingua/core";
import type { StreamFraming } from "../formats/gateway-format";
import {
  countFramedBytes,
  createEventFramer,
  type FrameWatcher,
  watchFramedEvents,
} from "./create-event-framer";
import type { SecretRedactor } from "./create-secret-redactor";

/** The content type of a stream body framed this way. */
export function streamContentType(framing: StreamFraming): string {
  return framing === "json-array" ? "application/json; charset=utf-8" : "text/event-stream; charset=utf-8";
}

/**
 * The front format's terminal error as wire events, from a fresh encoder that is given only the
 * `error` event: how a stream ends when bytes were passed through from an upstream that broke off,
 * or when the encoder in use has failed and, being a `TransformStream` (a codec without
 * `createStreamEncoderTransformer`), cannot be failed itself; a codec whose encoder transformer
 * has `fail` takes the fused path, which continues the begun stream instead.
 */
export async function terminalErrorEvents(codec: AnyCodec, error: CanonicalError): Promise<unknown[]> {
  return transformAll(
    [{ type: "error", error: error.toData() } satisfies ChatEvent],
    codec.createStreamEncoder(createConversionContext()),
  );
}

/** {@link terminalErrorEvents} as SSE bytes. */
export async function encodeTerminalError(
  codec: AnyCodec,
  error: CanonicalError,
  redact: SecretRedactor,
): Promise<Uint8Array[]> {
  const framer = createEventFramer(codec, "sse", redact);
  return (await terminalErrorEvents(codec, error)).map((wire) => framer.event(wire));
}

/**
 * Canonical events → the front format's stream bytes (SSE, or a streamed JSON array), pulled one
 * event at a time so back-pressure reaches the upstream. If the encoder fails (a loss in strict
 * mode, or a bug) the stream still ends with the format's own error event, never silently.
 * Cancelling the bytes cancels the events. `onBytes` is told the size of each piece of the body,
 * `onFrame` each event as framed.
 */
export function encodeEventStream(
  events: ReadableStream<ChatEvent>,
  codec: AnyCodec,
  encoder: TransformStream<ChatEvent, unknown>,
  options: {
    framing: StreamFraming;
    redact: SecretRedactor;
    onBytes?: (bytes: number) => void;
    onFrame?: FrameWatcher;
    sseDoneData?: string;
  },
): ReadableStream<Uint8Array> {
  // Whether the events ended with an error: then the body has no closing line (`[DONE]`).
  let failed = false;
  const watched = events.pipeThrough(
    new TransformStream<ChatEvent, ChatEvent>({
      transform(event, controller) {
        failed = event.type === "error";
        controller.enqueue(event);
      },
    }),
  );
  const reader = watched.pipeThrough(encoder).getReader();
  const framer = watchFramedEvents(
    countFramedBytes(
      createEventFramer(codec, options.framing, options.redact, options.sseDoneData),
      options.onBytes,
    ),
    options.onFrame,
  );
  const close = (controller: ReadableStreamDefaultController<Uint8Array>, error: boolean) => {
    const end = framer.end(error);
    if (end) controller.enqueue(end);
    controller.close();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) close(controller, failed);
        else controller.enqueue(framer.event(next.value));
      } catch (thrown) {
        for (const wire of await terminalErrorEvents(codec, toCanonicalError(thrown)))
          controller.enqueue(framer.event(wire));
        close(controller, true);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
