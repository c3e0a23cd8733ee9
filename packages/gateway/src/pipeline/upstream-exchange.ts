import { CanonicalError } from "@interlingua/core";
import { upstreamReadError } from "./upstream-read-error";

/** An upstream answer the gateway cannot pass on (not JSON, not an answer): a 502, or a 429 for a 429. */
export function upstreamBadAnswer(message: string, status = 502): CanonicalError {
  return new CanonicalError(status === 429 ? "rate_limit" : "unavailable", message, {
    status,
    code: "upstream_bad_response",
  });
}

/** One upstream HTTP call; a connection that cannot be made is `unavailable`, a timeout stays one. */
export async function callUpstream(
  fetchUpstream: typeof fetch,
  url: string,
  init: RequestInit,
): Promise<Response> {
  try {
    return await fetchUpstream(url, init);
  } catch (thrown) {
    if (CanonicalError.isInstance(thrown)) throw thrown;
    throw new CanonicalError(
      "unavailable",
      `The upstream could not be reached: ${(thrown as Error).message}`,
    );
  }
}

/**
 * An upstream answer read whole and parsed: a read that breaks off is {@link upstreamReadError},
 * a body that is not JSON the error `notJson` makes.
 */
export async function readUpstreamJson(
  response: Response,
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
