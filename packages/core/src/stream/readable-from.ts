/**
 * A ReadableStream of the given items, in order (Node 20 lacks `ReadableStream.from` in some
 * typings). A synchronous iterable is read synchronously, one item per pull.
 */
export function readableFrom<T>(items: Iterable<T> | AsyncIterable<T>): ReadableStream<T> {
  if (Symbol.asyncIterator in items) {
    const iterator = (items as AsyncIterable<T>)[Symbol.asyncIterator]();
    return new ReadableStream<T>({
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel(reason) {
        await iterator.return?.(reason);
      },
    });
  }
  const iterator = (items as Iterable<T>)[Symbol.iterator]();
  return new ReadableStream<T>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel() {
      iterator.return?.();
    },
  });
}
