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
import type { ByteRead, ByteSource } from "../http/byte-source";
import { clientWentAway } from "./client-went-away";
import { createEventTextFramer, type EventTextFramer, type FrameWatcher } from "./create-event-framer";
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
  return new FusedEventStream(opening, source, options);
}

/**
 * The controllers the stage's steps write to, and its framing step: each hands what it is given to
 * the stage (objects of classes, not closures, so an open stream holds one of each and no function).
 */
class StageOutput implements TransformStreamDefaultController<never> {
  readonly desiredSize = 0;
  constructor(protected readonly stage: FusedEventStream) {}
  enqueue(): void {}
  error(reason?: unknown): void {
    this.stage.fail(reason);
  }
  terminate(): void {
    this.stage.finish(undefined);
  }
}

/** Where sealing puts its events: on into the encoder and framing. */
class SealedOutput extends StageOutput implements TransformStreamDefaultController<ChatEvent> {
  constructor(
    stage: FusedEventStream,
    private readonly tail: StreamTransformer<ChatEvent, never>,
    private readonly output: StageOutput,
  ) {
    super(stage);
  }
  override enqueue(event?: ChatEvent): void {
    if (!this.stage.finished) this.tail.transform?.(event as ChatEvent, this.output);
  }
}

/** Frames each wire event; the closing text is the stage's, which knows whether the body failed. */
class FramingStep implements StreamTransformer<unknown, never> {
  constructor(private readonly stage: FusedEventStream) {}
  transform(wire: unknown): void {
    this.stage.frame(wire);
  }
}

/** What the keepalive writes to: bytes only while a read waits on the upstream. */
class KeepaliveOutlet
  implements Pick<ReadableStreamDefaultController<Uint8Array>, "enqueue" | "desiredSize">
{
  constructor(private readonly stage: FusedEventStream) {}
  // Keepalives go out only while a read waits on the upstream (`desiredSize` 0 of a queue of 0),
  // as they did while the stage's stream was pulled and its queue empty.
  get desiredSize(): number {
    return this.stage.wake ? 0 : -1;
  }
  enqueue(bytes?: Uint8Array): void {
    this.stage.keepaliveBytes(bytes);
  }
}

/** The stage of {@link encodeFusedEventStream}, its state in fields (one object per open stream). */
class FusedEventStream implements ByteSource {
  private readonly framer: EventTextFramer;
  private readonly tail: StreamTransformer<ChatEvent, never>;
  private readonly output: StageOutput;
  private readonly sealed: SealedOutput;
  private keepalive: Keepalive | undefined;
  /** The body's bytes made and not read yet. */
  private pieces: Uint8Array[] = [];
  /**
   * The body's text framed since, not redacted, and the wire event each text frames: a read encodes
   * them at once, and redacts them event by event only when the whole of them names a secret.
   */
  private texts: string[] = [];
  private wires: unknown[] = [];
  finished = false;
  /** A step under way (a wait on sealing or saving), done before the next read gives bytes. */
  private pending: Promise<void> | undefined;
  /** The wait on the upstream under way, kept for the next read when a keepalive went out in its place. */
  private pulling: Promise<Pulled> | undefined;
  /** Ends the wait of a read on the upstream, for a keepalive to go out. */
  wake: ((pulled: undefined) => void) | undefined;

  constructor(
    opening: readonly ChatEvent[],
    private readonly source: ChatEventBatches,
    private readonly options: FusedEventStreamOptions,
  ) {
    this.framer = createEventTextFramer(options.codec, options.framing, options.sseDoneData);
    this.tail = chainTransformers(options.encoder, new FramingStep(this));
    this.output = new StageOutput(this);
    this.sealed = new SealedOutput(this, this.tail, this.output);
    if (options.keepaliveMs !== undefined)
      this.keepalive = startKeepalive(new KeepaliveOutlet(this), options.keepaliveMs, 0);
    this.pending = this.guarded(() => {
      this.tail.start?.(this.output);
      options.sealing.start?.(this.sealed);
      return this.takeAll(opening, 0);
    });
  }

  frame(wire: unknown): void {
    const { onFrame, redact } = this.options;
    if (!onFrame) {
      this.texts.push(this.framer.event(wire));
      this.wires.push(wire);
      return;
    }
    // Told each event's own bytes as framed (a run keeps them for resuming).
    const text = this.framer.event(wire, redact);
    this.texts.push(text);
    this.wires.push(noWire);
    onFrame(wire, textEncoder.encode(text));
  }

  private frameEnd(failed: boolean): void {
    const closing = this.framer.end(failed);
    if (closing === undefined) return;
    this.texts.push(closing);
    this.wires.push(noWire);
  }

  /** The text framed so far as one piece of bytes. */
  private encodeTexts(): void {
    const { texts, wires } = this;
    if (texts.length === 0) return;
    const { redact } = this.options;
    let text = texts.length === 1 ? (texts[0] as string) : texts.join("");
    // One scan for secrets; the same bytes as redacting each event's JSON, which a batch naming a
    // secret then is.
    if (redact(text) !== text)
      text = texts
        .map((piece, index) =>
          wires[index] === noWire ? piece : this.framer.redacted(wires[index], piece, redact),
        )
        .join("");
    this.texts = [];
    this.wires = [];
    const bytes = textEncoder.encode(text);
    this.keepalive?.touch();
    this.options.onBytes?.(bytes.byteLength);
    this.pieces.push(bytes);
  }

  keepaliveBytes(bytes: Uint8Array | undefined): void {
    if (bytes) {
      this.encodeTexts();
      this.pieces.push(bytes);
    }
    this.wake?.(undefined);
  }

  finish(error: CanonicalError | undefined): void {
    if (this.finished) return;
    // The body's last bytes are made (and counted) before the hooks hear of the close.
    this.encodeTexts();
    this.finished = true;
    this.keepalive?.stop();
    this.source.cancel().catch(() => undefined);
    this.options.hooks.onClose?.(error);
  }

  /** The encoder (or sealing) failed: the body still ends with the front's own error event. */
  fail(thrown: unknown): void {
    if (this.finished) return;
    const error = toCanonicalError(thrown);
    for (const wire of terminalErrorEvents(this.options.codec, this.options.encoder, error)) this.frame(wire);
    this.frameEnd(true);
    this.finish(error);
  }

  private pass(event: ChatEvent): void | Promise<void> {
    try {
      const passed = this.options.sealing.transform?.(event, this.sealed);
      if (isPromiseLike(passed)) return Promise.resolve(passed).catch((thrown) => this.fail(thrown));
    } catch (thrown) {
      this.fail(thrown);
    }
  }

  private afterTerminal(event: TerminalEvent): void {
    if (this.finished) return;
    try {
      this.tail.flush?.(this.output);
    } catch (thrown) {
      this.fail(thrown);
      return;
    }
    this.frameEnd(event.type === "error");
    this.finish(event.type === "error" ? CanonicalError.fromData(event.error) : undefined);
  }

  private end(event: TerminalEvent): void | Promise<void> {
    const passed = this.pass(event);
    return passed ? passed.then(() => this.afterTerminal(event)) : this.afterTerminal(event);
  }

  private take(event: ChatEvent): void | Promise<void> {
    if (this.finished) return;
    const { hooks } = this.options;
    hooks.onEvent?.(event);
    if (event.type === "response-end") {
      const saved = hooks.beforeEnd?.(event).catch(() => undefined);
      return saved ? saved.then(() => this.end(event)) : this.end(event);
    }
    if (event.type === "error") return this.end(asCallerEvent(event) as TerminalEvent);
    return this.pass(event);
  }

  /** Every event of `events` from `from` on, in order; a promise only when a step waits (sealing, saving). */
  private takeAll(events: readonly ChatEvent[], from: number): void | Promise<void> {
    for (let index = from; index < events.length && !this.finished; index++) {
      const taken = this.take(events[index] as ChatEvent);
      if (taken) return taken.then(() => this.takeAll(events, index + 1));
    }
  }

  /** `step` run, its failure (synchronous or not) ending the body with the front's error event. */
  private guarded(step: () => void | Promise<void>): Promise<void> | undefined {
    try {
      return step()?.catch((thrown) => this.fail(thrown));
    } catch (thrown) {
      this.fail(thrown);
    }
  }

  private pull(): Promise<Pulled> {
    return this.source.read().then(
      (batch) => batch,
      (thrown: unknown) => ({ failed: thrown }),
    );
  }

  /** The upstream's next batch, or `undefined` when a keepalive went out while it was awaited. */
  private waitOnUpstream(): Promise<Pulled | undefined> {
    this.pulling ??= this.pull();
    const upstream = this.pulling;
    if (!this.keepalive) return upstream;
    return new Promise<Pulled | undefined>((resolve) => {
      this.wake = resolve;
      upstream.then(resolve);
    });
  }

  async read(): Promise<ByteRead> {
    for (;;) {
      // What is made goes out before a step waits (the end waits on its state being saved, and
      // only its own bytes wait with it), so a stream's first bytes need not wait on a save.
      this.encodeTexts();
      if (this.pending && this.pieces.length === 0) {
        const step = this.pending;
        this.pending = undefined;
        await step;
        this.encodeTexts();
      }
      if (this.pieces.length > 0) {
        const bytes = joined(this.pieces);
        this.pieces = [];
        return { done: false, value: bytes };
      }
      if (this.finished) return { done: true, value: undefined };
      const pulled = await this.waitOnUpstream();
      this.wake = undefined;
      if (pulled === undefined) continue;
      this.pulling = undefined;
      if (this.finished) continue;
      if ("failed" in pulled)
        this.pending = this.guarded(() => this.end(errorEvent(upstreamReadError(pulled.failed))));
      else if (pulled.done)
        this.pending = this.guarded(() =>
          this.end(
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
        this.pending = this.guarded(() => this.takeAll(events, 0));
      }
    }
  }

  cancel(reason?: unknown): Promise<void> {
    this.keepalive?.stop();
    this.pieces = [];
    this.texts = [];
    this.wires = [];
    if (!this.finished) {
      this.finished = true;
      this.options.hooks.onClose?.(clientWentAway());
    }
    return this.source.cancel(reason);
  }
}
