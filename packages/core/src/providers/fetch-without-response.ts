import type { ChunkReader } from "../stream/event-batches";

/**
 * What a provider reads of an upstream's answer: a `Response`'s status, headers, and body read chunk
 * by chunk (or whole, as text), without the `Response` itself.
 */
export interface BodyAnswer {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;
  /** The body, read chunk by chunk; `null` for an answer without one. */
  readonly body: ChunkReader<Uint8Array> | null;
  /** The body read whole, decoded as UTF-8 (as `Response.text()`). */
  text(): Promise<string>;
}

/** One upstream call (a URL, a body written whole) answered as a {@link BodyAnswer}. */
export type AnswerWithoutResponse = (url: string, init: RequestInit) => Promise<BodyAnswer>;

/**
 * A `fetch` that may also answer a call without building a `Response` or a `ReadableStream`
 * (`withoutResponse`, with fetch's rules and errors): the gateway's Node upstream client is one. A
 * codec provider streams (decision 0051) and reads whole answers (decision 0053) through it when it is
 * there; a plain `fetch` is one too.
 */
export type FetchWithoutResponse = typeof fetch & { withoutResponse?: AnswerWithoutResponse };
