import { type ByteSource, isByteSource } from "../http/byte-source";
import type { GatewayAnswer } from "../http/gateway-answer";

/** `source` with `release` called once it is over: read to the end, failed or cancelled. */
function releasingSource(source: ByteSource, release: () => void): ByteSource {
  return {
    async read() {
      try {
        const next = await source.read();
        if (next.done) release();
        return next;
      } catch (thrown) {
        release();
        throw thrown;
      }
    },
    cancel(reason) {
      release();
      return source.cancel(reason);
    },
  };
}

/** `body` with `release` called once it is over: read to the end, failed or cancelled. */
function releasingBody(body: ReadableStream<Uint8Array>, release: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
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
}

/**
 * The answer with `release` called once its body is over: read to the end, failed or cancelled by
 * the client (at once for an answer without a body or with its body whole). Keeps a key's
 * concurrency count while a stream is still being sent.
 */
export function releaseWhenAnswered(answer: GatewayAnswer, release: () => void): GatewayAnswer {
  if (!(answer instanceof Response) && isByteSource(answer.body))
    return { ...answer, body: releasingSource(answer.body, release) };
  if (!(answer.body instanceof ReadableStream)) {
    release();
    return answer;
  }
  const body = releasingBody(answer.body, release);
  if (!(answer instanceof Response)) return { ...answer, body };
  return new Response(body, {
    status: answer.status,
    statusText: answer.statusText,
    headers: answer.headers,
  });
}
