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
  let batch: ChatEvent[] = [];
  let over = false;
  let terminal = false;
  let refused: { reason: unknown } | undefined;
  const controller: TransformStreamDefaultController<ChatEvent> = {
    desiredSize: 1,
    enqueue(event) {
      if (!event) return;
      if (event.type === "response-end" || event.type === "error") terminal = true;
      batch.push(event);
    },
    error(reason) {
      refused ??= { reason };
    },
    terminate() {
      over = true;
    },
  };
  /** The batch a decoder step made; the step's failure thrown, an early end ending the body. */
  const taken = (step: () => void): ChatEvent[] => {
    batch = [];
    try {
      step();
    } catch (thrown) {
      refused ??= { reason: thrown };
    }
    if (refused) {
      over = true;
      body.cancel(refused.reason).catch(() => undefined);
      throw refused.reason;
    }
    if (over) body.cancel().catch(() => undefined);
    return batch;
  };
  taken(() => decoder.start?.(controller));
  return {
    async read() {
      for (;;) {
        if (over) return ended;
        let next: Awaited<ReturnType<ChunkReader<Uint8Array>["read"]>>;
        try {
          next = await body.read();
        } catch (thrown) {
          over = true;
          return terminal ? ended : { done: false, value: [failed(thrown)] };
        }
        if (over) return ended;
        const events = next.done
          ? taken(() => {
              over = true;
              decoder.flush?.(controller);
            })
          : taken(() => decoder.transform?.(next.value as Uint8Array, controller));
        if (events.length > 0) return { done: false, value: events };
      }
    },
    cancel(reason) {
      over = true;
      return body.cancel(reason);
    },
  };
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
