import {
  type AnyCodec,
  CanonicalError,
  type ChatEvent,
  chainTransformers,
  createConversionContext,
  type StreamEncoderTransformer,
  type StreamTransformer,
  toCanonicalError,
  transformReadable,
} from "@interlingua/core";
import type { StreamFraming } from "../formats/gateway-format";
import { clientWentAway } from "./client-went-away";
import {
  countFramedBytes,
  createEventFramer,
  type EventFramer,
  type FrameWatcher,
  watchFramedEvents,
} from "./create-event-framer";
import type { SecretRedactor } from "./create-secret-redactor";
import type { EventStreamHooks } from "./guard-event-stream";
import { asCallerEvent } from "./upstream-auth-failure";
import { upstreamReadError } from "./upstream-read-error";
import { type Keepalive, startKeepalive } from "./with-sse-keepalive";

/** Options of {@link encodeFusedEventStream}. */
export interface FusedEventStreamOptions {
  /** The front codec (its SSE event names, and a fresh encoder for an encoder without `fail`). */
  codec: AnyCodec;
  /**
   * The front's stream encoder as a synchronous transformer (`createStreamEncoderTransformer`); its
   * `fail` ends the body when it throws, continuing the stream it began.
   */
  encoder: StreamEncoderTransformer<unknown>;
  /** Opaque sealing; may return a promise from `transform` (only when a part is sealed). */
  sealing: StreamTransformer<ChatEvent, ChatEvent>;
  /** The guard's hooks: accumulating, saving before the end, reporting the close. */
  hooks: EventStreamHooks;
  framing: StreamFraming;
  redact: SecretRedactor;
  /** Told the size of each piece of the body (the exchange's bytes out). */
  onBytes?: (bytes: number) => void;
  /** Told each event as framed, before the hooks hear of the close. */
  onFrame?: FrameWatcher;
  /** The data of the SSE event that closes the body, for formats that have one (`[DONE]`). */
  sseDoneData?: string;
  /**
   * With it, `: keepalive` comments go out in this same stage while the upstream is silent (see
   * `startKeepalive`), rather than in a stage of their own (`withSseKeepalive`).
   */
  keepaliveMs?: number;
}

type TerminalEvent = Extract<ChatEvent, { type: "response-end" | "error" }>;

const isPromiseLike = (value: unknown): value is PromiseLike<void> =>
  typeof (value as PromiseLike<void> | undefined)?.then === "function";

function errorEvent(error: CanonicalError): TerminalEvent {
  return { type: "error", error: error.toData() };
}

/** Frames each wire event; the closing bytes are the caller's, who knows whether the body failed. */
function framingTransformer(framer: EventFramer): StreamTransformer<unknown, Uint8Array> {
  return {
    transform: (wire, controller) => controller.enqueue(framer.event(wire)),
  };
}

/**
 * The front's terminal error as wire events: `encoder`'s own `fail`, which continues the stream it
 * began (same response id, numbering going on), or for an encoder without one, a fresh encoder
 * transformer given only the `error` event.
 */
function terminalErrorEvents(
  codec: AnyCodec,
  encoder: StreamEncoderTransformer<unknown>,
  error: CanonicalError,
): unknown[] {
  const events: unknown[] = [];
  const collector: TransformStreamDefaultController<unknown> = {
    desiredSize: 1,
    enqueue: (event) => events.push(event),
    error: () => undefined,
    terminate: () => undefined,
  };
  if (encoder.fail) {
    encoder.fail(error.toData(), collector);
    return events;
  }
  const fresh = codec.createStreamEncoderTransformer?.(createConversionContext());
  if (!fresh) return events;
  fresh.start?.(collector);
  fresh.transform?.(errorEvent(error), collector);
  fresh.flush?.(collector);
  return events;
}

/**
 * The streamed answer as ONE pull-driven stage (decision 0003): the upstream's canonical events,
 * guarded, sealed, encoded by the front codec's encoder transformer and framed (SSE or a streamed
 * JSON array, redacted), where the staged path pays a stream stage for each step. It keeps what the
 * staged path promises: exactly one terminal event (a read failure or an upstream that just stops
 * becomes the front's error event), nothing read after the terminal event, `beforeEnd` done before
 * the client sees the end, an encoder failure (a loss in strict mode) ending the body with the
 * front's error event, back-pressure to the upstream, and a client cancel cancelling the upstream.
 * `opening` holds the events already read from `source` to decide the HTTP status.
 */
export function encodeFusedEventStream(
  opening: readonly ChatEvent[],
  source: ReadableStream<ChatEvent>,
  options: FusedEventStreamOptions,
): ReadableStream<Uint8Array> {
  const { codec, hooks, sealing } = options;
  let keepalive: Keepalive | undefined;
  const onBytes = options.onBytes;
  const framer = watchFramedEvents(
    countFramedBytes(
      createEventFramer(codec, options.framing, options.redact, options.sseDoneData),
      options.keepaliveMs === undefined
        ? onBytes
        : (bytes) => {
            keepalive?.touch();
            onBytes?.(bytes);
          },
    ),
    options.onFrame,
  );
  const tail = chainTransformers(options.encoder, framingTransformer(framer));
  let output!: TransformStreamDefaultController<Uint8Array>;
  let finished = false;

  const finish = (error: CanonicalError | undefined) => {
    if (finished) return;
    finished = true;
    keepalive?.stop();
    output.terminate();
    hooks.onClose?.(error);
  };
  // The encoder (or sealing) failed: the body still ends with the front's own error event.
  const fail = (thrown: unknown) => {
    if (finished) return;
    const error = toCanonicalError(thrown);
    for (const wire of terminalErrorEvents(codec, options.encoder, error)) output.enqueue(framer.event(wire));
    const end = framer.end(true);
    if (end) output.enqueue(end);
    finish(error);
  };
  const sealed: TransformStreamDefaultController<ChatEvent> = {
    get desiredSize() {
      return output.desiredSize;
    },
    enqueue(event) {
      if (!finished) tail.transform?.(event as ChatEvent, output);
    },
    error: (reason) => fail(reason),
    terminate: () => finish(undefined),
  };

  const pass = (event: ChatEvent): void | Promise<void> => {
    try {
      const passed = sealing.transform?.(event, sealed);
      if (isPromiseLike(passed)) return Promise.resolve(passed).catch(fail);
    } catch (thrown) {
      fail(thrown);
    }
  };
  const afterTerminal = (event: TerminalEvent) => {
    if (finished) return;
    try {
      tail.flush?.(output);
    } catch (thrown) {
      fail(thrown);
      return;
    }
    const closing = framer.end(event.type === "error");
    if (closing) output.enqueue(closing);
    finish(event.type === "error" ? CanonicalError.fromData(event.error) : undefined);
  };
  const end = (event: TerminalEvent): void | Promise<void> => {
    const passed = pass(event);
    return passed ? passed.then(() => afterTerminal(event)) : afterTerminal(event);
  };
  const take = (event: ChatEvent): void | Promise<void> => {
    if (finished) return;
    hooks.onEvent?.(event);
    if (event.type === "response-end") {
      const saved = hooks.beforeEnd?.(event).catch(() => undefined);
      return saved ? saved.then(() => end(event)) : end(event);
    }
    if (event.type === "error") return end(asCallerEvent(event) as TerminalEvent);
    return pass(event);
  };
  const takeOpening = (from: number): void | Promise<void> => {
    for (let index = from; index < opening.length; index++) {
      const taken = take(opening[index] as ChatEvent);
      if (taken) return taken.then(() => takeOpening(index + 1));
    }
  };

  return transformReadable(
    source,
    {
      start(controller) {
        output = controller;
        // The stage's queue holds nothing (`highWaterMark` 0, see `transformReadable`).
        if (options.keepaliveMs !== undefined) keepalive = startKeepalive(controller, options.keepaliveMs, 0);
        tail.start?.(controller);
        sealing.start?.(sealed);
        return takeOpening(0);
      },
      transform: (event) => take(event),
      flush() {
        if (finished) return;
        return end(
          errorEvent(
            new CanonicalError("unavailable", "The upstream stream ended before the response was complete."),
          ),
        );
      },
    },
    {
      onSourceError(thrown) {
        if (!finished) end(errorEvent(upstreamReadError(thrown)));
      },
      onCancel() {
        keepalive?.stop();
        if (finished) return;
        finished = true;
        hooks.onClose?.(clientWentAway());
      },
    },
  );
}
