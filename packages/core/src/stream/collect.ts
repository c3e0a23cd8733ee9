/** Reads a stream (or async iterable) to the end and returns its items. */
export async function collect<T>(source: ReadableStream<T> | AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  if (source instanceof ReadableStream) {
    const reader = source.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return items;
      items.push(value);
    }
  }
  for await (const item of source) items.push(item);
  return items;
}

/** Runs items through a TransformStream and returns what comes out. */
export async function transformAll<In, Out>(
  items: Iterable<In>,
  transform: TransformStream<In, Out>,
): Promise<Out[]> {
  const writer = transform.writable.getWriter();
  const output = collect(transform.readable);
  for (const item of items) await writer.write(item);
  await writer.close();
  return output;
}
