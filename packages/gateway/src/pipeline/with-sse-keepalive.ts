/** Default interval of SSE keepalive comments: 15 s, well inside common proxy idle limits. */
export const defaultKeepaliveMs = 15_000;

const keepalive = new TextEncoder().encode(": keepalive\n\n");

/**
 * An SSE body that sends a `: keepalive` comment whenever `body` has been silent for `intervalMs`
 * (the upstream is thinking), so proxies and clients do not drop an idle connection. Comments go
 * only between chunks, so every chunk of `body` must end at an event boundary (the gateway's
 * stream bodies are written one whole event per chunk). Reading stays pull-driven.
 */
export function withSseKeepalive(
  body: ReadableStream<Uint8Array>,
  intervalMs: number,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const timer = setInterval(() => controller.enqueue(keepalive), intervalMs);
      try {
        const next = await reader.read();
        clearInterval(timer);
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (thrown) {
        clearInterval(timer);
        controller.error(thrown);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
