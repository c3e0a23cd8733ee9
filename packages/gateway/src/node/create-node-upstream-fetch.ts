import { Agent, type Dispatcher, request, fetch as undiciFetch } from "undici";
import {
  idleLimitedBody,
  type SelfTimedFetch,
  startTimedUpstreamCall,
  type UpstreamTimeouts,
} from "../pipeline/create-timed-fetch";

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
 * Why a body is destroyed when its reader cancels it without a reason (the gateway read the
 * stream's end event and needs no more). One error for every call: destroying without one makes
 * undici build a `RequestAbortedError` and Node format its stack, 3 % of a streamed exchange's CPU,
 * for an error nobody reads.
 */
const stoppedReading = new Error("The gateway stopped reading the upstream's answer.");

/** Reads undici's Node stream chunk by chunk, as Web stream reads. */
function readerOf(
  body: Dispatcher.ResponseData["body"],
): () => Promise<ReadableStreamReadResult<Uint8Array>> {
  const chunks = body[Symbol.asyncIterator]();
  return async () => {
    const next = await chunks.next();
    if (next.done) return { done: true, value: undefined };
    const chunk = next.value as Buffer;
    return { done: false, value: new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) };
  };
}

/**
 * The upstream's body as a Web stream pulled straight from undici's Node stream, one chunk per
 * read (no queue of its own): cancelling it destroys the body, which ends the upstream call.
 */
function webBody(body: Dispatcher.ResponseData["body"]): ReadableStream<Uint8Array> {
  const read = readerOf(body);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel(reason) {
        body.destroy(reason instanceof Error ? reason : stoppedReading);
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
 * with the signal's reason; redirects are not followed (a 3xx is the upstream's answer). The
 * gateway hands it its first-byte and idle timeouts (`withTimeouts`), which it applies in the same
 * stage as the body it reads, instead of a second stream and `Response` around it.
 */
export function createNodeUpstreamFetch(options: NodeUpstreamFetchOptions = {}): SelfTimedFetch {
  const dispatcher = new Agent({ connect: { timeout: options.connectMs ?? defaultConnectMs } });

  /** One call; with `timeouts`, timed in the same stage as its body (see `createTimedFetch`). */
  const call = async (
    input: RequestInfo | URL,
    init: RequestInit | undefined,
    timeouts?: UpstreamTimeouts,
  ) => {
    const plain = plainCall(input, init);
    const timing = timeouts && startTimedUpstreamCall(init?.signal, timeouts.firstByteMs);
    const signal = timing?.signal ?? init?.signal ?? undefined;
    let answer: Dispatcher.ResponseData | Response;
    try {
      answer = plain
        ? await request(plain.url, {
            dispatcher,
            method: (plain.init.method ?? "GET") as Dispatcher.HttpMethod,
            headers: plainHeaders(plain.init.headers),
            body: plain.init.body ?? undefined,
            signal,
          })
        : await viaFetch(input, { ...init, signal });
    } catch (thrown) {
      // fetch's contract: an abort rejects with the signal's reason, anything else is a TypeError.
      const failure = !plain
        ? thrown
        : signal?.aborted
          ? signal.reason
          : new TypeError("fetch failed", { cause: thrown });
      throw timing ? timing.failed(failure) : failure;
    }
    timing?.answered();
    // undici's fetch answers with its own Response class, not the runtime's: told apart by shape.
    if (!("statusCode" in answer)) {
      if (!timing || !answer.body) {
        timing?.settle();
        return answer;
      }
      const reader = answer.body.getReader();
      const body = idleLimitedBody(
        () => reader.read(),
        (reason) => reader.cancel(reason),
        timeouts!.idleMs,
        timing,
      );
      return new Response(body, {
        status: answer.status,
        statusText: answer.statusText,
        headers: answer.headers,
      });
    }
    const raw = answer;
    const nullBody = raw.statusCode === 204 || raw.statusCode === 304 || init?.method === "HEAD";
    if (nullBody) {
      raw.body.destroy();
      timing?.settle();
    }
    const body = nullBody
      ? null
      : timing
        ? idleLimitedBody(
            readerOf(raw.body),
            (reason) => {
              raw.body.destroy(reason instanceof Error ? reason : stoppedReading);
            },
            timeouts!.idleMs,
            timing,
          )
        : webBody(raw.body);
    return new Response(body, {
      status: raw.statusCode,
      statusText: raw.statusText,
      headers: responseHeaders(raw.headers),
    });
  };

  /** What only fetch takes (a Request, a streamed body, a redirect mode), by undici's fetch on the same pool. */
  const viaFetch = (input: RequestInfo | URL, init: RequestInit) => {
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
  };

  const upstreamFetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    call(input, init)) as SelfTimedFetch;
  upstreamFetch.withTimeouts = (timeouts) =>
    ((input: RequestInfo | URL, init?: RequestInit) => call(input, init, timeouts)) as typeof fetch;
  return upstreamFetch;
}
