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

/**
 * The key under which a `Response` made by {@link toResponse} keeps the plain answer it was made
 * from: a registry symbol, so that a separately bundled Node entry finds it (decision 0052).
 */
const plainAnswerKey: unique symbol = Symbol.for("interlingua.gateway.plainAnswer");

/** A `Response` made by {@link toResponse}, with the plain answer behind it and the body stream it was made with. */
interface ResponseOfPlainAnswer extends Response {
  readonly [plainAnswerKey]?: { answer: PlainAnswer; stream: ReadableStream<Uint8Array> | null };
}

/**
 * The answer as a `Response` (itself if it is one): a genuine one, which also keeps the plain answer
 * it was made from, so that the Node entry can write that answer's body as it is when the
 * `Response` comes back to it unread ({@link unreadPlainBody}).
 */
export function toResponse(answer: GatewayAnswer): Response {
  if (answer instanceof Response) return answer;
  const body = isByteSource(answer.body) ? byteSourceStream(answer.body) : answer.body;
  const response = new Response(body, { status: answer.status, headers: answer.headers });
  Object.defineProperty(response, plainAnswerKey, { value: { answer, stream: response.body } });
  return response;
}

/**
 * The body of the plain answer behind a `Response` made by {@link toResponse} (bytes, a byte source
 * or a stream, not yet read), or `undefined` when the `Response` was not made so or its body was
 * read, locked or teed since (a handler that read or cloned it): the Node entry then writes the
 * `Response`'s own body. The status and headers are always the `Response`'s (a handler may have set
 * a header).
 */
export function unreadPlainBody(response: Response): PlainAnswer["body"] | undefined {
  const made = (response as ResponseOfPlainAnswer)[plainAnswerKey];
  // A clone swaps the body for one branch of a tee, which locks the stream the Response was made with.
  if (made === undefined || response.bodyUsed || response.body !== made.stream || made.stream?.locked)
    return undefined;
  return made.answer.body;
}

/** Sets a header of the answer (`name` in lower case). */
export function setAnswerHeader(answer: GatewayAnswer, name: string, value: string): void {
  if (answer instanceof Response) answer.headers.set(name, value);
  else answer.headers[name] = value;
}
