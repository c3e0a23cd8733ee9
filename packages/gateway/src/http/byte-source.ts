/**
 * One read of a {@link ByteSource}: a chunk, or the end. The shape of a Web reader's result, spelled
 * out so the published types need no DOM library.
 */
export type ByteRead = { done: false; value: Uint8Array } | { done: true; value: Uint8Array | undefined };

/**
 * A body read chunk by chunk, as a Web stream's reader reads it (a `ReadableStreamDefaultReader` is
 * one): what a same-format pass-through hands on instead of a `ReadableStream`, so the Node entry
 * can pipe the upstream's bytes to its socket without a Web stream in between (decision 0020). Read
 * by one reader only; `cancel` ends it early and stops reading from where it comes from.
 */
export interface ByteSource {
  read(): Promise<ByteRead>;
  cancel(reason?: unknown): Promise<void>;
}

/** Whether a body is a {@link ByteSource} (not bytes, not a `ReadableStream`). */
export function isByteSource(body: unknown): body is ByteSource {
  return (
    typeof body === "object" &&
    body !== null &&
    !(body instanceof ReadableStream) &&
    typeof (body as ByteSource).read === "function"
  );
}

/** The source as a Web stream pulled one chunk per read (no queue of its own), for a `Response`. */
export function byteSourceStream(source: ByteSource): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await source.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel: (reason) => source.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

const utf8 = new TextDecoder();

/** The source read to its end, decoded as `Response.text()` does (UTF-8, a leading BOM dropped). */
export async function readByteSourceText(source: ByteSource): Promise<string> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (let next = await source.read(); !next.done; next = await source.read()) {
    chunks.push(next.value);
    length += next.value.byteLength;
  }
  if (chunks.length === 1) return utf8.decode(chunks[0]);
  const whole = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return utf8.decode(whole);
}
