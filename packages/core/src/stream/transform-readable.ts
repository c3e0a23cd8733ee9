import type { StreamTransformer } from "./stream-transformer";
/** Options of {@link transformReadable}. */
export interface TransformReadableOptions<Out> {
  /**
   * Called when reading the source fails (a network error, an abort) instead of erroring the
   * output: it may enqueue a last item (a terminal `error` event, say), then the output closes.
   */
  onSourceError?: (error: unknown, controller: ReadableStreamDefaultController<Out>) => void;
  /**
   * Called when the consumer cancels the output (a client that went away), before the source is
   * cancelled: the hook a `TransformStream` transformer's `cancel` would be.
   */
  onCancel?: (reason: unknown) => void;
}

const isPromiseLike = (value: unknown): value is PromiseLike<void> =>
  typeof (value as PromiseLike<void> | undefined)?.then === "function";

/**
 * `source` run through `transformer` (the object a `TransformStream` is built from) as one
 * pull-driven stage: the same items as `source.pipeThrough(new TransformStream(transformer))`,
 * each handed on the moment the transformer enqueues it (nothing is batched or held back), and
 * the next chunk read only when the consumer asks for more, so back-pressure holds. It skips the
 * writable side and the pipe between them, which on Node cost a few microseconds per chunk; use it
 * where a stream is built from a source you hold (a response body), and a `TransformStream` where
 * a contract asks for one.
 */
export function transformReadable<In, Out>(
  source: ReadableStream<In>,
  transformer: StreamTransformer<In, Out>,
  options: TransformReadableOptions<Out> = {},
): ReadableStream<Out> {
  const reader = source.getReader();
  let output!: ReadableStreamDefaultController<Out>;
  let finished = false;
  let enqueued = 0;

  const close = () => {
    if (finished) return;
    finished = true;
    output.close();
  };
  const controller: TransformStreamDefaultController<Out> = {
    get desiredSize() {
      return output.desiredSize;
    },
    enqueue(chunk) {
      enqueued++;
      output.enqueue(chunk as Out);
    },
    error(reason) {
      if (finished) return;
      finished = true;
      output.error(reason);
      reader.cancel(reason).catch(() => {});
    },
    terminate() {
      close();
      reader.cancel().catch(() => {});
    },
  };

  function transformChunk(chunk: In): void | PromiseLike<void> {
    try {
      return transformer.transform
        ? transformer.transform(chunk, controller)
        : controller.enqueue(chunk as unknown as Out);
    } catch (error) {
      controller.error(error);
    }
  }

  function flush(): Promise<void> | undefined {
    const flushed = transformer.flush?.(controller);
    if (isPromiseLike(flushed)) return Promise.resolve(flushed).then(close);
    close();
  }

  // A chunk may give no output (a partial line, say): read on until one does, since the stream
  // does not call pull again after a pull that enqueued nothing. (The steps are declared once,
  // not per pull, as they run for every chunk.)
  let enqueuedBeforePull = 0;
  function readOnUnlessEnqueued(): Promise<void> | undefined {
    return finished || enqueued !== enqueuedBeforePull ? undefined : readChunk();
  }

  function onChunk(next: ReadableStreamReadResult<In>): Promise<void> | undefined {
    if (finished) return;
    if (next.done) return flush();
    const transformed = transformChunk(next.value);
    if (isPromiseLike(transformed)) return Promise.resolve(transformed).then(readOnUnlessEnqueued);
    return readOnUnlessEnqueued();
  }

  function onReadError(error: unknown): void {
    if (finished) return;
    if (!options.onSourceError) {
      controller.error(error);
      return;
    }
    options.onSourceError(error, output);
    close();
  }

  function readChunk(): Promise<void> {
    return reader.read().then(onChunk, onReadError);
  }

  return new ReadableStream<Out>(
    {
      start(readableController) {
        output = readableController;
        return transformer.start?.(controller);
      },
      pull() {
        enqueuedBeforePull = enqueued;
        return readChunk();
      },
      cancel(reason) {
        finished = true;
        options.onCancel?.(reason);
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
