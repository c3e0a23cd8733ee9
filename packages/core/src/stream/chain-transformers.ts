import type { StreamTransformer } from "./stream-transformer";

/** Refuses a step that returned a promise: a chain's steps must be synchronous. */
function synchronous(result: unknown): void {
  if (typeof (result as PromiseLike<void> | undefined)?.then === "function")
    throw new TypeError("chainTransformers takes synchronous transformers only");
}

/**
 * The controller `first` enqueues into: each chunk goes straight into `second`. A class, so that a
 * chain's per-stream state is two small objects, not a closure per method (a cross-format stream
 * chains several steps, and holds them while it is open).
 */
class ChainLink<Middle, Out> implements TransformStreamDefaultController<Middle> {
  constructor(
    private readonly chain: ChainedTransformer<unknown, Middle, Out>,
    private readonly output: TransformStreamDefaultController<Out>,
  ) {}

  get desiredSize(): number | null {
    return this.output.desiredSize;
  }

  enqueue(chunk?: Middle): void {
    const second = this.chain.second;
    if (second.transform) synchronous(second.transform(chunk as Middle, this.output));
    else this.output.enqueue(chunk as unknown as Out);
  }

  error(reason?: unknown): void {
    this.output.error(reason);
  }

  terminate(): void {
    this.chain.flushSecond(this.output);
    this.output.terminate();
  }
}

/** Two synchronous transformers as one (see {@link chainTransformers}). */
class ChainedTransformer<In, Middle, Out> implements StreamTransformer<In, Out> {
  private link!: ChainLink<Middle, Out>;
  private secondFlushed = false;

  constructor(
    readonly first: StreamTransformer<In, Middle>,
    readonly second: StreamTransformer<Middle, Out>,
  ) {}

  start(controller: TransformStreamDefaultController<Out>): void {
    this.link = new ChainLink(this as ChainedTransformer<unknown, Middle, Out>, controller);
    synchronous(this.first.start?.(this.link));
    synchronous(this.second.start?.(controller));
  }

  transform(chunk: In): void {
    if (this.first.transform) synchronous(this.first.transform(chunk, this.link));
    else this.link.enqueue(chunk as unknown as Middle);
  }

  flush(controller: TransformStreamDefaultController<Out>): void {
    synchronous(this.first.flush?.(this.link));
    this.flushSecond(controller);
  }

  /** Flushes `second` once, whether `first` ended its output early or the input ended. */
  flushSecond(controller: TransformStreamDefaultController<Out>): void {
    if (this.secondFlushed) return;
    this.secondFlushed = true;
    synchronous(this.second.flush?.(controller));
  }
}

/**
 * Two synchronous transformers as one: whatever `first` enqueues goes straight into `second`, in
 * the same call, so a chain costs one stream stage instead of one per step. Both must do their
 * work synchronously (a step that returns a promise is refused with a TypeError). As in two piped
 * `TransformStream`s, `second` is flushed when `first` ends its output early with `terminate()`.
 */
export function chainTransformers<In, Middle, Out>(
  first: StreamTransformer<In, Middle>,
  second: StreamTransformer<Middle, Out>,
): StreamTransformer<In, Out> {
  return new ChainedTransformer(first, second);
}
