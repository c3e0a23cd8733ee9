import { checkJsonDepth, readLimitedText } from "@interlingua/core";
import type { InboundRequest } from "./inbound-request";

/**
 * A chat request's JSON body as text, within the gateway's limits: refused with `request_too_large`
 * as soon as it is known to exceed `limit` bytes (before the rest is read), and with
 * `invalid_request` when it is not UTF-8 or nests deeper than core's `maxJsonDepth`. Read by the
 * entry's own reader when it has one (`readText`), else from the Web stream.
 */
export async function readLimitedBody(
  request: Pick<InboundRequest, "headers" | "body" | "readText">,
  limit: number,
): Promise<string> {
  const text = request.readText ? await request.readText(limit) : await readLimitedText(request, limit);
  checkJsonDepth(text);
  return text;
}
