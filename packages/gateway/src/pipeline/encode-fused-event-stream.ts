import {
  type AnyCodec,
  CanonicalError,
  type ChatEvent,
  type ChatEventBatch,
  type ChatEventBatches,
  chainTransformers,
  createConversionContext,
  type StreamEncoderTransformer,
  type StreamTransformer,
  toCanonicalError,
} from "@interlingua/core";
import type { StreamFraming } from "../formats/gateway-format";
import type { ByteSource } from "../http/byte-source";
import { clientWentAway } from "./client-went-away";
import { createEventTextFramer, type FrameWatcher } from "./create-event-framer";
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

/** Frames each wire event; the closing text is the caller's, who knows whether the body failed. */
function framingTransformer(frame: (wire: unknown) => void): StreamTransformer<unknown, never> {
  return {
    transform: (wire) => frame(wire),
  };
}

const textEncoder = new TextEncoder();

/** Marks a text of the body that frames no event of its own (a closing text, or one already redacted). */
const noWire = Symbol("no wire event");

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

/** What a wait on the upstream gave: a batch, or its read's failure. */
type Pulled = ChatEventBatch | { failed: unknown };

/** The pieces of the body as one (a chunk's events go out in one read, and so one write). */
function joined(pieces: readonly Uint8Array[]): Uint8Array {
  if (pieces.length === 1) return pieces[0] as Uint8Array;
  let length = 0;
  for (const piece of pieces) length += piece.byteLength;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const piece of pieces) {
    bytes.set(piece, offset);
    offset += piece.byteLength;
  }
  return bytes;
}

/**
 * The streamed answer as ONE pull-driven stage (decisions 0003 and 0051): the upstream's canonical
 * events, a batch per upstream chunk, guarded, sealed, encoded by the front codec's encoder
 * transformer and framed (SSE or a streamed JSON array, redacted), every event of a batch in one
 * synchronous pass, its bytes given in one read; the staged path pays a stream stage for each step
 * and a promise for each event. It keeps what the staged path promises: exactly one terminal event
 * (a read failure or an upstream that just stops becomes the front's error event), nothing read
 * after the terminal event (the upstream is cancelled then), `beforeEnd` done before the client
 * sees the end, an encoder failure (a loss in strict mode) ending the body with the front's error
 * event, back-pressure to the upstream (a batch is read only when a read finds nothing left), and
 * a client cancel cancelling the upstream. `opening` holds the events already read from `source`
 * to decide the HTTP status. A byte source, which the Node entry writes as it is and `gateway.fetch`
 * reads as a `ReadableStream`.
 */
export function encodeFusedEventStream(
  opening: readonly ChatEvent[],
  source: ChatEventBatches,
  options: FusedEventStreamOptions,
): ByteSource {
  const { codec, hooks, sealing, redact, onBytes, onFrame } = options;
  let keepalive: Keepalive | undefined;
  const framer = createEventTextFramer(codec, options.framing, options.sseDoneData);
  /** The body's bytes made and not read yet. */
  let pieces: Uint8Array[] = [];
  /**
   * The body's text framed since, not redacted, and the wire event each text frames: a read encodes
   * them at once, and redacts them event by event only when the whole of them names a secret.
   */
  let texts: string[] = [];
  let wires: unknown[] = [];
  const frame = (wire: unknown) => {
    if (!onFrame) {
      texts.push(framer.event(wire));
      wires.push(wire);
      return;
    }
    // Told each event's own bytes as framed (a run keeps them for resuming).
    const text = framer.event(wire, redact);
    texts.push(text);
    wires.push(noWire);
    onFrame(wire, textEncoder.encode(text));
  };
  const frameEnd = (failed: boolean) => {
    const closing = framer.end(failed);
    if (closing === undefined) return;
    texts.push(closing);
    wires.push(noWire);
  };
  /** The text framed so far as one piece of bytes. */
  const encodeTexts = () => {
    if (texts.length === 0) return;
    let text = texts.length === 1 ? (texts[0] as string) : texts.join("");
    // One scan for secrets; the same bytes as redacting each event's JSON, which a batch naming a
    // secret then is.
    if (redact(text) !== text)
      text = texts
        .map((piece, index) => (wires[index] === noWire ? piece : framer.event(wires[index], redact)))
        .join("");
    texts = [];
    wires = [];
    const bytes = textEncoder.encode(text);
    keepalive?.touch();
    onBytes?.(bytes.byteLength);
    pieces.push(bytes);
  };
  const tail = chainTransformers(options.encoder, framingTransformer(frame));
  let finished = false;

  const finish = (error: CanonicalError | undefined) => {
    if (finished) return;
    finished = true;
    keepalive?.stop();
    source.cancel().catch(() => undefined);
    hooks.onClose?.(error);
  };
  // The encoder (or sealing) failed: the body still ends with the front's own error event.
  const fail = (thrown: unknown) => {
    if (finished) return;
    const error = toCanonicalError(thrown);
    for (const wire of terminalErrorEvents(codec, options.encoder, error)) frame(wire);
    frameEnd(true);
    finish(error);
  };
  const output: TransformStreamDefaultController<never> = {
    desiredSize: 0,
    enqueue: () => undefined,
    error: (reason) => fail(reason),
    terminate: () => finish(undefined),
  };
  const sealed: TransformStreamDefaultController<ChatEvent> = {
    desiredSize: 0,
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
    frameEnd(event.type === "error");
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
  /** Every event of `events` from `from` on, in order; a promise only when a step waits (sealing, saving). */
  const takeAll = (events: readonly ChatEvent[], from: number): void | Promise<void> => {
    for (let index = from; index < events.length && !finished; index++) {
      const taken = take(events[index] as ChatEvent);
      if (taken) return taken.then(() => takeAll(events, index + 1));
    }
  };
  /** `step` run, its failure (synchronous or not) ending the body with the front's error event. */
  const guarded = (step: () => void | Promise<void>): Promise<void> | undefined => {
    try {
      return step()?.catch(fail);
    } catch (thrown) {
      fail(thrown);
    }
  };

  /** The wait on the upstream under way, kept for the next read when a keepalive went out in its place. */
  let pulling: Promise<Pulled> | undefined;
  /** Ends the wait of a read on the upstream, for a keepalive to go out. */
  let wake: ((pulled: undefined) => void) | undefined;
  if (options.keepaliveMs !== undefined)
    // Keepalives go out only while a read waits on the upstream (`desiredSize` 0 of a queue of 0),
    // as they did while the stage's stream was pulled and its queue empty.
    keepalive = startKeepalive(
      {
        get desiredSize() {
          return wake ? 0 : -1;
        },
        enqueue(bytes) {
          if (bytes) {
            encodeTexts();
            pieces.push(bytes);
          }
          wake?.(undefined);
        },
      },
      options.keepaliveMs,
      0,
    );
  /** A step under way (a wait on sealing or saving), done before the next read gives bytes. */
  let pending = guarded(() => {
    tail.start?.(output);
    sealing.start?.(sealed);
    return takeAll(opening, 0);
  });

  const pull = (): Promise<Pulled> =>
    source.read().then(
      (batch) => batch,
      (thrown: unknown) => ({ failed: thrown }),
    );
  /** The upstream's next batch, or `undefined` when a keepalive went out while it was awaited. */
  const waitOnUpstream = (): Promise<Pulled | undefined> => {
    pulling ??= pull();
    const upstream = pulling;
    if (!keepalive) return upstream;
    return new Promise<Pulled | undefined>((resolve) => {
      wake = resolve;
      upstream.then(resolve);
    });
  };
  return {
    async read() {
      for (;;) {
        // What is made goes out before a step waits (the end waits on its state being saved, and
        // only its own bytes wait with it), so a stream's first bytes need not wait on a save.
        encodeTexts();
        if (pending && pieces.length === 0) {
          const step = pending;
          pending = undefined;
          await step;
          encodeTexts();
        }
        if (pieces.length > 0) {
          const bytes = joined(pieces);
          pieces = [];
          return { done: false, value: bytes };
        }
        if (finished) return { done: true, value: undefined };
        const pulled = await waitOnUpstream();
        wake = undefined;
        if (pulled === undefined) continue;
        pulling = undefined;
        if (finished) continue;
        if ("failed" in pulled) pending = guarded(() => end(errorEvent(upstreamReadError(pulled.failed))));
        else if (pulled.done)
          pending = guarded(() =>
            end(
              errorEvent(
                new CanonicalError(
                  "unavailable",
                  "The upstream stream ended before the response was complete.",
                ),
              ),
            ),
          );
        else {
          const events = pulled.value;
          pending = guarded(() => takeAll(events, 0));
        }
      }
    },
    cancel(reason) {
      keepalive?.stop();
      pieces = [];
      texts = [];
      wires = [];
      if (!finished) {
        finished = true;
        hooks.onClose?.(clientWentAway());
      }
      return source.cancel(reason);
    },
  };
}
