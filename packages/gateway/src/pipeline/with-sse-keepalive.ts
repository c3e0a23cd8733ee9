/** Default interval of SSE keepalive comments: 15 s, well inside common proxy idle limits. */
export const defaultKeepaliveMs = 15_000;

const keepalive = new TextEncoder().encode(": keepalive\n\n");

/** A running keepalive: `touch` when bytes went out, `stop` when the stream is over. */
export interface Keepalive {
  touch(): void;
  stop(): void;
}

/**
 * Sends a `: keepalive` SSE comment on `controller` whenever nothing went out for `intervalMs` while
 * the caller waits for more (the upstream is thinking), so proxies and clients do not drop an idle
 * connection. One timer per stream, checking a few times per interval, keeps the cost per chunk to
 * a clock read. The stream's chunks must end at event boundaries (the gateway's always do).
 * `highWaterMark` is the stream's (its queue is empty when `desiredSize` is that); a stream that
 * can no longer take a chunk stops the timer.
 */
export function startKeepalive(
  controller: Pick<ReadableStreamDefaultController<Uint8Array>, "enqueue" | "desiredSize">,
  intervalMs: number,
  highWaterMark = 1,
): Keepalive {
  let lastSent = Date.now();
  const timer = setInterval(
    () => {
      // A queue holding a chunk means the caller is the slow one: nothing to keep alive.
      const room = controller.desiredSize;
      if (Date.now() - lastSent < intervalMs || room === null || room < highWaterMark) return;
      lastSent = Date.now();
      try {
        controller.enqueue(keepalive);
      } catch {
        clearInterval(timer);
      }
    },
    Math.max(1, Math.floor(intervalMs / 4)),
  );
  return {
    touch() {
      lastSent = Date.now();
    },
    stop: () => clearInterval(timer),
  };
}

/** An SSE body with {@link startKeepalive} comments, for a body made elsewhere; reading stays pull-driven. */
export function withSseKeepalive(
  body: ReadableStream<Uint8Array>,
  intervalMs: number,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let keepalive: Keepalive | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      keepalive = startKeepalive(controller, intervalMs);
    },
    async pull(controller) {
      try {
        const next = await reader.read();
        keepalive?.touch();
        if (next.done) {
          keepalive?.stop();
          controller.close();
        } else controller.enqueue(next.value);
      } catch (thrown) {
        keepalive?.stop();
        controller.error(thrown);
      }
    },
    cancel(reason) {
      keepalive?.stop();
      return reader.cancel(reason);
    },
  });
}
