import type { ByteSource } from "../http/byte-source";

/**
 * An upstream's answer as a same-format pass-through reads it: what it needs of a `Response`, with
 * the body as a {@link ByteSource}. The Node upstream client gives one without building a
 * `Response` or a `ReadableStream` (decision 0020); any other `fetch`'s `Response` is wrapped
 * ({@link answerOfResponse}). Read its body or its `text()`, not both.
 */
export interface UpstreamAnswer {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;
  /** The body, read chunk by chunk; `null` for an answer without one. */
  readonly body: ByteSource | null;
  /** The body read whole, decoded as UTF-8 (as `Response.text()`). */
  text(): Promise<string>;
}

/** An upstream call answered as an {@link UpstreamAnswer} (a URL, a body the gateway wrote whole). */
export type AnswerFetch = (url: string, init: RequestInit) => Promise<UpstreamAnswer>;

/** A `fetch` that may also answer without a `Response` (`withoutResponse`, same rules and errors). */
export type UpstreamFetch = typeof fetch & { withoutResponse?: AnswerFetch };

/** A `Response` as an {@link UpstreamAnswer}: its body's reader made when first asked for. */
export function answerOfResponse(response: Response): UpstreamAnswer {
  let body: ByteSource | null | undefined;
  return {
    status: response.status,
    ok: response.ok,
    headers: response.headers,
    get body() {
      if (body === undefined) body = response.body ? response.body.getReader() : null;
      return body;
    },
    text: () => response.text(),
  };
}

/** One call by `fetchUpstream`, without a `Response` when it can answer so. */
export async function fetchAnswer(
  fetchUpstream: UpstreamFetch,
  url: string,
  init: RequestInit,
): Promise<UpstreamAnswer> {
  if (fetchUpstream.withoutResponse) return fetchUpstream.withoutResponse(url, init);
  return answerOfResponse(await fetchUpstream(url, init));
}
