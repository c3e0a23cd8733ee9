import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { readLimitedText } from "@interlingua/core";
import type { InboundRequest } from "../http/inbound-request";
import { incomingBody } from "./incoming-body";
import { readIncomingText } from "./read-incoming-text";

/** Node's headers as a `Request` takes them: the record itself unless a header has several values. */
function headersInit(headers: IncomingHttpHeaders): HeadersInit {
  for (const name in headers) {
    if (typeof headers[name] === "string") continue;
    const pairs: [string, string][] = [];
    for (const [key, value] of Object.entries(headers)) {
      if (Array.isArray(value)) for (const item of value) pairs.push([key, item]);
      else if (value !== undefined) pairs.push([key, value]);
    }
    return pairs;
  }
  return headers as Record<string, string>;
}

/**
 * The genuine `Request` a fetch handler given to the Node entry gets (one that is not a gateway
 * made by `createGateway`, such as `{ fetch: gateway.fetch }` or a wrapper): built once, straight
 * from the message (Node's header record as its init, not a `Headers` copied into the `Request`'s), with
 * a body stream that reads only when read. It also carries the `readText` of an
 * {@link InboundRequest} (not enumerable): the gateway, given this `Request` as it is, reads the
 * body straight from the message with the Node entry's reader (decision 0020, lever 13) unless
 * something already read, locked or teed the body stream, in which case it reads that stream as
 * from any `Request`. Throws (a `TypeError`) on a method, header value or URL a `Request` refuses.
 */
export function requestOfIncoming(incoming: IncomingMessage, base: string, signal: AbortSignal): Request {
  const method = incoming.method ?? "GET";
  const url = new URL(incoming.url ?? "/", base).href;
  const body = method === "GET" || method === "HEAD" ? undefined : incomingBody(incoming);
  const request = new Request(url, {
    method,
    headers: headersInit(incoming.headers),
    signal,
    body: body?.stream ?? null,
    // Required by undici for a streamed request body.
    duplex: "half",
  } as RequestInit);
  if (body) {
    const readText: InboundRequest["readText"] = (limit) =>
      body.release() ? readIncomingText(incoming, limit) : readLimitedText(request, limit);
    Object.defineProperty(request, "readText", { value: readText });
  }
  return request;
}
