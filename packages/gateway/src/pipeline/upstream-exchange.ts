import { CanonicalError } from "@interlingua/core";
import { fetchAnswer, type UpstreamAnswer, type UpstreamFetch } from "./upstream-answer";
import { upstreamReadError } from "./upstream-read-error";

/** An upstream answer the gateway cannot pass on (not JSON, not an answer): a 502, or a 429 for a 429. */
export function upstreamBadAnswer(message: string, status = 502): CanonicalError {
  return new CanonicalError(status === 429 ? "rate_limit" : "unavailable", message, {
    status,
    code: "upstream_bad_response",
  });
}

/** An upstream call made: a connection that cannot be made is `unavailable`, a timeout stays one. */
async function reaching<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (thrown) {
    if (CanonicalError.isInstance(thrown)) throw thrown;
    throw new CanonicalError(
      "unavailable",
      `The upstream could not be reached: ${(thrown as Error).message}`,
    );
  }
}

/** One upstream HTTP call; a connection that cannot be made is `unavailable`, a timeout stays one. */
export function callUpstream(fetchUpstream: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  return reaching(() => fetchUpstream(url, init));
}

/**
 * {@link callUpstream}, answered as an {@link UpstreamAnswer}: without a `Response` or a
 * `ReadableStream` when the upstream client can (the Node one, decision 0020).
 */
export function callUpstreamForAnswer(
  fetchUpstream: UpstreamFetch,
  url: string,
  init: RequestInit,
): Promise<UpstreamAnswer> {
  return reaching(() => fetchAnswer(fetchUpstream, url, init));
}

/**
 * An upstream answer read whole and parsed: a read that breaks off is {@link upstreamReadError},
 * a body that is not JSON the error `notJson` makes.
 */
export async function readUpstreamJson(
  response: Pick<UpstreamAnswer, "text">,
  notJson: () => CanonicalError,
): Promise<{ text: string; parsed: unknown }> {
  let text: string;
  try {
    text = await response.text();
  } catch (thrown) {
    throw upstreamReadError(thrown);
  }
  try {
    return { text, parsed: JSON.parse(text) };
  } catch {
    throw notJson();
  }
}
