/**
 * The response with `release` called once its body is over: read to the end, failed or cancelled by
 * the client (at once for a response without a body). Keeps a key's concurrency count while a
 * stream is still being sent.
 */
export function releaseWhenAnswered(response: Response, release: () => void): Response {
  if (!response.body) {
    release();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) {
          release();
          controller.close();
        } else controller.enqueue(next.value);
      } catch (thrown) {
        release();
        controller.error(thrown);
      }
    },
    async cancel(reason) {
      release();
      await reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
