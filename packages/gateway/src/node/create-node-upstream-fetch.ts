import { Agent, type Dispatcher, request, fetch as undiciFetch } from "undici";

/** Options of {@link createNodeUpstreamFetch}. */
export interface NodeUpstreamFetchOptions {
  /** How long to wait for a connection (TCP and TLS) to an upstream, milliseconds. Default 10 s. */
  connectMs?: number;
}

/** The default connect timeout: 10 s, undici's own. */
export const defaultConnectMs = 10_000;

/** The calls the fast path takes: a URL, and a body the gateway wrote whole (a string or bytes). */
type PlainCall = { url: string; init: RequestInit & { body?: string | Uint8Array | null } };

function plainCall(input: RequestInfo | URL, init: RequestInit | undefined): PlainCall | undefined {
  if (typeof input !== "string" && !(input instanceof URL)) return undefined;
  const body = init?.body;
  if (body != null && typeof body !== "string" && !(body instanceof Uint8Array)) return undefined;
  if (init?.redirect !== undefined && init.redirect !== "manual") return undefined;
  return { url: String(input), init: (init ?? {}) as PlainCall["init"] };
}

/** The request's headers as undici takes them: a plain object as it is, anything else copied. */
function plainHeaders(headers: HeadersInit | undefined): Record<string, string> | undefined {
  if (headers === undefined) return undefined;
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(new Headers(headers));
  return headers as Record<string, string>;
}

function responseHeaders(raw: Dispatcher.ResponseData["headers"]): Headers {
  const headers = new Headers();
  for (const name in raw) {
    const value = raw[name];
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/**
 * The upstream's body as a Web stream pulled straight from undici's Node stream, one chunk per
 * read (no queue of its own): cancelling it destroys the body, which ends the upstream call.
 */
function webBody(body: Dispatcher.ResponseData["body"]): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else {
          const chunk = next.value as Buffer;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        }
      },
      cancel(reason) {
        body.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * A `fetch` for upstream calls on Node, with a keep-alive connection pool per upstream origin
 * (one undici `Agent`) and a connect phase with its own timeout, which the Web fetch API cannot
 * express: give it to `createGateway` as `fetch` (the CLI does, from `timeouts.connectMs`). A
 * call whose URL is a string and whose body the gateway wrote whole (every provider call) goes by
 * `undici.request`, which skips the Fetch algorithm's per-call work (decision 0020); others go by
 * undici's `fetch` on the same pool. Either way it keeps fetch's contract: a connection that
 * cannot be made rejects with a `TypeError` whose `cause` is undici's error (a connect timeout's
 * code is `UND_ERR_CONNECT_TIMEOUT`, which the gateway answers as an upstream timeout), an abort
 * with the signal's reason; redirects are not followed (a 3xx is the upstream's answer).
 */
export function createNodeUpstreamFetch(options: NodeUpstreamFetchOptions = {}): typeof fetch {
  const dispatcher = new Agent({ connect: { timeout: options.connectMs ?? defaultConnectMs } });
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = plainCall(input, init);
    if (!call) {
      // The runtime's own Request is not the undici package's: its parts go over one by one.
      const from =
        typeof input === "string" || input instanceof URL
          ? {}
          : { method: input.method, headers: input.headers, body: input.body, signal: input.signal };
      const url = typeof input === "string" || input instanceof URL ? input : input.url;
      return undiciFetch(url, {
        ...from,
        ...(init as Parameters<typeof undiciFetch>[1]),
        duplex: "half",
        dispatcher,
      } as Parameters<typeof undiciFetch>[1]) as unknown as Promise<Response>;
    }
    const signal = call.init.signal ?? undefined;
    let answer: Dispatcher.ResponseData;
    try {
      answer = await request(call.url, {
        dispatcher,
        method: (call.init.method ?? "GET") as Dispatcher.HttpMethod,
        headers: plainHeaders(call.init.headers),
        body: call.init.body ?? undefined,
        signal,
      });
    } catch (thrown) {
      if (signal?.aborted) throw signal.reason;
      throw new TypeError("fetch failed", { cause: thrown });
    }
    const nullBody = answer.statusCode === 204 || answer.statusCode === 304 || call.init.method === "HEAD";
    if (nullBody) answer.body.destroy();
    return new Response(nullBody ? null : webBody(answer.body), {
      status: answer.statusCode,
      statusText: answer.statusText,
      headers: responseHeaders(answer.headers),
    });
  }) as typeof fetch;
}
