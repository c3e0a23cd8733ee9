import type { ChatEventBatch, ChatEventBatches } from "../contracts/chat-provider";
import type { ChatEvent } from "../model/chat-event";
import type { StreamTransformer } from "./stream-transformer";

/** A body read chunk by chunk: what a Web stream's reader has (any `ReadableStreamDefaultReader` is one). */
export interface ChunkReader<T> {
  // Spelled out, not `ReadableStreamReadResult`: that name is the DOM library's, which a consumer
  // compiling with Node's types alone does not have.
  read(): Promise<{ done: false; value: T } | { done: true; value?: T }>;
  cancel(reason?: unknown): Promise<void>;
}

const ended: ChatEventBatch = { done: true };

/**
 * `body` decoded by `decoder` (a synchronous transformer, bytes to canonical events) a chunk at a
 * time: each read gives every event one chunk decoded to, read on past chunks that give none. What
 * `transformReadable(body, decoder)` gives one event per read, without a stream between them. When
 * reading the body fails before a terminal event came, the last batch is `failed(thrown)`'s event;
 * a decoder that throws (or errors its controller) fails the read and cancels the body, one that
 * terminates ends the batches and cancels the body.
 */
export function decodeEventBatches(
  body: ChunkReader<Uint8Array>,
  decoder: StreamTransformer<Uint8Array, ChatEvent>,
  failed: (thrown: unknown) => ChatEvent,
): ChatEventBatches {
  return new DecodedEventBatches(body, decoder, failed);
}

/**
 * The batches of {@link decodeEventBatches}, their state in fields (one object per open stream, not
 * a closure per step), and the controller the decoder writes the current batch to.
 */
class DecodedEventBatches implements ChatEventBatches, TransformStreamDefaultController<ChatEvent> {
  readonly desiredSize = 1;
  private batch: ChatEvent[] = [];
  private over = false;
  private terminal = false;
  private refused: { reason: unknown } | undefined;

  constructor(
    private readonly body: ChunkReader<Uint8Array>,
    private readonly decoder: StreamTransformer<Uint8Array, ChatEvent>,
    private readonly failed: (thrown: unknown) => ChatEvent,
  ) {
    this.taken(() => decoder.start?.(this));
  }

  enqueue(event?: ChatEvent): void {
    if (!event) return;
    if (event.type === "response-end" || event.type === "error") this.terminal = true;
    this.batch.push(event);
  }

  error(reason?: unknown): void {
    this.refused ??= { reason };
  }

  terminate(): void {
    this.over = true;
  }

  /** The batch a decoder step made; the step's failure thrown, an early end ending the body. */
  private taken(step: () => void): ChatEvent[] {
    this.batch = [];
    try {
      step();
    } catch (thrown) {
      this.refused ??= { reason: thrown };
    }
    if (this.refused) {
      this.over = true;
      this.body.cancel(this.refused.reason).catch(() => undefined);
      throw this.refused.reason;
    }
    if (this.over) this.body.cancel().catch(() => undefined);
    return this.batch;
  }

  async read(): Promise<ChatEventBatch> {
    for (;;) {
      if (this.over) return ended;
      let next: Awaited<ReturnType<ChunkReader<Uint8Array>["read"]>>;
      try {
        next = await this.body.read();
      } catch (thrown) {
        this.over = true;
        return this.terminal ? ended : { done: false, value: [this.failed(thrown)] };
      }
      if (this.over) return ended;
      const events = next.done
        ? this.taken(() => {
            this.over = true;
            this.decoder.flush?.(this);
          })
        : this.taken(() => this.decoder.transform?.(next.value as Uint8Array, this));
      if (events.length > 0) return { done: false, value: events };
    }
  }

  cancel(reason?: unknown): Promise<void> {
    this.over = true;
    return this.body.cancel(reason);
  }
}

/** A provider's event stream as {@link ChatEventBatches} of one event each (for a provider without `streamBatches`). */
export function eventBatchesOf(stream: ReadableStream<ChatEvent>): ChatEventBatches {
  const reader = stream.getReader();
  return {
    async read() {
      const next = await reader.read();
      return next.done ? ended : { done: false, value: [next.value] };
    },
    cancel: (reason) => reader.cancel(reason),
  };
}
