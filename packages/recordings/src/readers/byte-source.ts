/** Input the readers take: a web stream or any async iterable of bytes or text (a Node file stream). */
export type ByteSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/** The chunks of a {@link ByteSource} as text, decoded incrementally (UTF-8 split anywhere is fine). */
export async function* textChunks(source: ByteSource): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  for await (const chunk of iterate(source)) {
    const text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    if (text !== "") yield text;
  }
  const rest = decoder.decode();
  if (rest !== "") yield rest;
}

/** The lines of a {@link ByteSource}, without their line breaks; one line is held at a time. */
export async function* textLines(source: ByteSource): AsyncGenerator<string> {
  let pending = "";
  for await (const text of textChunks(source)) {
    pending += text;
    let newline = pending.indexOf("\n");
    while (newline >= 0) {
      yield pending.slice(0, newline).replace(/\r$/, "");
      pending = pending.slice(newline + 1);
      newline = pending.indexOf("\n");
    }
  }
  if (pending !== "") yield pending.replace(/\r$/, "");
}

/** A {@link ByteSource} as a byte stream. */
export function byteStream(source: ByteSource): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = iterate(source)[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(typeof next.value === "string" ? encoder.encode(next.value) : next.value);
    },
    async cancel(reason) {
      await iterator.return?.(reason);
    },
  });
}

async function* iterate(source: ByteSource): AsyncGenerator<Uint8Array | string> {
  if (source instanceof ReadableStream) {
    const reader = source.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  yield* source as AsyncIterable<Uint8Array | string>;
}

/**
 * Reads the start of a source (up to `limit` characters, whole chunks) without losing it: returns
 * that text and a source that yields everything, the start included.
 */
export async function peekText(
  source: ByteSource,
  limit = 4096,
): Promise<{ head: string; source: AsyncIterable<string> }> {
  const iterator = textChunks(source)[Symbol.asyncIterator]();
  const seen: string[] = [];
  let length = 0;
  let done = false;
  while (length < limit) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    length += next.value.length;
  }
  async function* replayed(): AsyncGenerator<string> {
    yield* seen;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: seen.join(""), source: replayed() };
}
