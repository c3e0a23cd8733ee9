import { type ByteSource, byteSourceStream, isByteSource } from "./byte-source";

/**
 * An answer of the gateway before it is a `Response`: what the hot paths (chat exchanges and their
 * errors) produce, so that each entry writes it its own way: `gateway.fetch` as a `Response`
 * ({@link toResponse}), the Node entry straight to its `ServerResponse` (decision 0020).
 */
export interface PlainAnswer {
  status: number;
  /** Header names in lower case, one value each. */
  headers: Record<string, string>;
  /** The body whole, streamed (a Web stream, or a byte source the Node entry pipes as it is), or none. */
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | ByteSource | null;
}

/** What a handler of the gateway answers: a plain answer, or a `Response` (mounts, side endpoints). */
export type GatewayAnswer = PlainAnswer | Response;

/** The answer as a `Response` (itself if it is one). */
export function toResponse(answer: GatewayAnswer): Response {
  if (answer instanceof Response) return answer;
  const body = isByteSource(answer.body) ? byteSourceStream(answer.body) : answer.body;
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/** Sets a header of the answer (`name` in lower case). */
export function setAnswerHeader(answer: GatewayAnswer, name: string, value: string): void {
  if (answer instanceof Response) answer.headers.set(name, value);
  else answer.headers[name] = value;
}
