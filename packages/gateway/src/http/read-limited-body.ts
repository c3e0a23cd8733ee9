import { checkJsonDepth, readLimitedText } from "@interlingua/core";

/**
 * A chat request's JSON body as text, within the gateway's limits: refused with `request_too_large`
 * as soon as it is known to exceed `limit` bytes (before the rest is read), and with
 * `invalid_request` when it is not UTF-8 or nests deeper than core's `maxJsonDepth`.
 */
export async function readLimitedBody(
  request: Pick<Request, "headers" | "body">,
  limit: number,
): Promise<string> {
  const text = await readLimitedText(request, limit);
  checkJsonDepth(text);
  return text;
}
