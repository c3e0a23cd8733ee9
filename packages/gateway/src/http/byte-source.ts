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
