/** A ReadableStream of the given items, in order (Node 20 lacks `ReadableStream.from` in some typings). */
export function readableFrom<T>(items: Iterable<T> | AsyncIterable<T>): ReadableStream<T> {
  const iterator =
    Symbol.asyncIterator in items
      ? (items as AsyncIterable<T>)[Symbol.asyncIterator]()
      : (items as Iterable<T>)[Symbol.iterator]();
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
