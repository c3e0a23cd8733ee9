import type { StreamTransformer } from "./stream-transformer";
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
  let middle!: TransformStreamDefaultController<Middle>;
  let secondFlushed = false;
  const synchronous = (result: unknown) => {
    if (typeof (result as PromiseLike<void> | undefined)?.then === "function")
      throw new TypeError("chainTransformers takes synchronous transformers only");
  };
  const flushSecond = (controller: TransformStreamDefaultController<Out>) => {
    if (secondFlushed) return;
    secondFlushed = true;
    synchronous(second.flush?.(controller));
  };
  return {
    start(controller) {
      middle = {
        get desiredSize() {
          return controller.desiredSize;
        },
        enqueue(chunk) {
          if (second.transform) synchronous(second.transform(chunk as Middle, controller));
          else controller.enqueue(chunk as unknown as Out);
        },
        error: (reason) => controller.error(reason),
        terminate() {
          flushSecond(controller);
          controller.terminate();
        },
      };
      synchronous(first.start?.(middle));
      synchronous(second.start?.(controller));
    },
    transform(chunk) {
      if (first.transform) synchronous(first.transform(chunk, middle));
      else middle.enqueue(chunk as unknown as Middle);
    },
    flush(controller) {
      synchronous(first.flush?.(middle));
      flushSecond(controller);
    },
  };
}
