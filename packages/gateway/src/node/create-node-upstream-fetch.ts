import { Agent, type Dispatcher, request, fetch as undiciFetch } from "undici";
import { type ByteSource, byteSourceStream } from "../http/byte-source";
import {
  idleLimitedResponse,
  idleLimitedSource,
  type SelfTimedFetch,
  startTimedUpstreamCall,
  type TimedUpstreamCall,
  type UpstreamTimeouts,
} from "../pipeline/create-timed-fetch";
import { answerOfResponse, type UpstreamAnswer, type UpstreamFetch } from "../pipeline/upstream-answer";
import { UndiciCallAborter } from "./undici-call-aborter";
import { untimedByUndici, withoutUndiciTimeouts } from "./without-undici-timeouts";

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

/** Where a call goes, as undici's dispatcher takes it: the URL's origin and its path with the query. */
type CallTarget = { origin: string; path: string };

/** How many URLs {@link callTargets} keeps parsed (a gateway calls a few: one per upstream endpoint and model). */
const maxCallTargets = 256;

/**
 * The origin and path of each URL called, parsed once per URL rather than by undici's `request` on
 * every call (a `URL` and two copies of the options each; decision 0020, lever 26); `undefined` for a
 * URL that is not `http:` or `https:`, which goes by `request` to fail as it did. Forgotten all at
 * once when full, so a gateway calling many URLs (a model in every path) holds at most a few hundred.
 */
function callTargets(): (url: string) => CallTarget | undefined {
  const parsed = new Map<string, CallTarget | undefined>();
  return (url) => {
    if (parsed.has(url)) return parsed.get(url);
    let target: CallTarget | undefined;
    try {
      const { protocol, origin, pathname, search } = new URL(url);
      if (protocol === "http:" || protocol === "https:")
        target = { origin, path: search ? `${pathname}${search}` : pathname };
    } catch {
      target = undefined;
    }
    if (parsed.size >= maxCallTargets) parsed.clear();
    parsed.set(url, target);
    return target;
  };
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

/** The read that says a body is over. */
const bodyEnd: ReadableStreamReadResult<Uint8Array> = { done: true, value: undefined };

/** Why a body closed before its end without an error of its own (as Node's stream iterator says it). */
function prematureClose(): Error {
  return Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" });
}

/**
 * Whether a stream read empty has taken its end: Node's `_readableState.ended`, set as soon as the end
 * is pushed, a tick before the `end` event. Answering the end then, rather than on the event, lets
 * `serveNode` write a stream's last bytes and its end in one socket write when they came together
 * (lever 18). Where that state is not there, false: the end is answered on the event, as before.
 */
function endTaken(body: Dispatcher.ResponseData["body"]): boolean {
  const state = (body as { _readableState?: { ended?: unknown } })._readableState;
  return state?.ended === true && body.readableLength === 0;
}

/**
 * Reads undici's Node stream chunk by chunk, as Web stream reads, failing as fetch's body does: with
 * the signal's reason after an abort, else a `TypeError("terminated")` whose `cause` is undici's error.
 * It reads the stream itself (`read()` on `readable`), with one set of listeners for the body's life:
 * a read whose chunk is waiting is answered at once, and no async iterator (an async generator and a
 * promise of its own per chunk) sits between the body and the gateway (decision 0020, lever 17).
 */
function readerOf(
  body: Dispatcher.ResponseData["body"],
  signal: AbortSignal | undefined,
): () => Promise<ReadableStreamReadResult<Uint8Array>> {
  let ended = false;
  let failure: { reason?: unknown; cause?: unknown } | undefined;
  let waiting:
    | { resolve(read: ReadableStreamReadResult<Uint8Array>): void; reject(reason: unknown): void }
    | undefined;
  const fail = (thrown: unknown) => {
    failure ??= signal?.aborted ? { reason: signal.reason } : { cause: thrown };
    settle();
  };
  // The error is made only when a read fails on it: a body the gateway stopped reading (a converted
  // stream after its end, decision 0051) fails with nobody reading, and a stack costs.
  const reasonOf = (failed: { reason?: unknown; cause?: unknown }) => {
    if (!("reason" in failed)) failed.reason = new TypeError("terminated", { cause: failed.cause });
    return failed.reason;
  };
  /** What a read gives now: the chunk waiting, or the end; `undefined` while neither is there. */
  const next = (): ReadableStreamReadResult<Uint8Array> | undefined => {
    const chunk = body.read() as Buffer | null;
    if (chunk !== null)
      return { done: false, value: new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) };
    if (ended || endTaken(body)) {
      ended = true;
      return bodyEnd;
    }
    return undefined;
  };
  const settle = () => {
    const pending = waiting;
    if (!pending) return;
    if (failure) {
      waiting = undefined;
      pending.reject(reasonOf(failure));
      return;
    }
    const read = next();
    if (!read) return;
    waiting = undefined;
    pending.resolve(read);
  };
  body.on("readable", settle);
  body.once("end", () => {
    ended = true;
    settle();
  });
  body.once("error", fail);
  body.once("close", () => {
    if (!ended && !failure) fail(prematureClose());
  });
  return () => {
    if (failure) return Promise.reject(reasonOf(failure));
    const read = next();
    if (read) return Promise.resolve(read);
    return new Promise((resolve, reject) => {
      waiting = { resolve, reject };
    });
  };
}

/** Destroys undici's body: with the reader's reason, or the one shared {@link stoppedReading}. */
function destroyer(body: Dispatcher.ResponseData["body"]): (reason: unknown) => void {
  return (reason) => {
    body.destroy(reason instanceof Error ? reason : stoppedReading);
  };
}

/**
 * undici's body as a {@link ByteSource}, one chunk per read, under the idle limit when the call is
 * timed: cancelling it destroys the body, which ends the upstream call.
 */
function sourceOf(
  body: Dispatcher.ResponseData["body"],
  signal: AbortSignal | undefined,
  timing: TimedUpstreamCall | undefined,
  timeouts: UpstreamTimeouts | undefined,
): ByteSource {
  const read = readerOf(body, signal);
  const destroy = destroyer(body);
  if (timing && timeouts) return idleLimitedSource(read, destroy, timeouts.idleMs, timing);
  return {
    read,
    cancel: async (reason) => destroy(reason),
  };
}

const utf8 = new TextDecoder();

/** The source read to its end, decoded as `Response.text()` does (UTF-8, a leading BOM dropped). */
async function textOf(source: ByteSource): Promise<string> {
  const chunks: Uint8Array[] = [];
  for (let next = await source.read(); !next.done; next = await source.read()) chunks.push(next.value);
  return utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}

/** undici's answer as an {@link UpstreamAnswer}: no `Response`, no Web stream, headers copied if asked for. */
function answerOf(raw: Dispatcher.ResponseData, body: ByteSource | null): UpstreamAnswer {
  let headers: Headers | undefined;
  return {
    status: raw.statusCode,
    ok: raw.statusCode >= 200 && raw.statusCode < 300,
    get headers() {
      headers ??= responseHeaders(raw.headers);
      return headers;
    },
    body,
    text: async () => (body ? textOf(body) : ""),
  };
}

/** A call sent: undici's own answer and its body, or (a call only fetch takes) a `Response`. */
type Sent = { raw: Dispatcher.ResponseData; body: ByteSource | null } | { response: Response };

/** undici's fetch's `Response`, its body under the idle limit when the call is timed. */
function timedResponse(
  response: Response,
  timing: TimedUpstreamCall | undefined,
  timeouts: UpstreamTimeouts | undefined,
): Response {
  if (!timing || !timeouts) {
    timing?.settle();
    return response;
  }
  return idleLimitedResponse(response, timeouts.idleMs, timing);
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
 * stage as the body it reads, instead of a second stream and `Response` around it; such a call has
 * undici's own header and body timeouts (300 s) off, so the gateway's limits are the only ones (a
 * limit above 300 s is kept, and ends with the gateway's `timeout` answer). A call not handed
 * timeouts keeps undici's.
 */
export function createNodeUpstreamFetch(options: NodeUpstreamFetchOptions = {}): SelfTimedFetch {
  const dispatcher = new Agent({ connect: { timeout: options.connectMs ?? defaultConnectMs } });
  const timedDispatcher = withoutUndiciTimeouts(dispatcher);
  const targetOf = callTargets();

  /**
   * One call, up to its headers; with `timeouts`, timed in the same stage as its body (see
   * `createTimedFetch`). undici's own answer on the fast path, undici's fetch's `Response` otherwise.
   */
  const send = async (
    input: RequestInfo | URL,
    init: RequestInit | undefined,
    timeouts?: UpstreamTimeouts,
  ): Promise<Sent> => {
    const plain = plainCall(input, init);
    const timing =
      timeouts &&
      startTimedUpstreamCall(
        init?.signal,
        timeouts.firstByteMs,
        plain ? new UndiciCallAborter() : new AbortController(),
      );
    const signal = timing?.signal ?? init?.signal ?? undefined;
    const target = plain && targetOf(plain.url);
    // A timed call: the gateway's limits are the only ones (see withoutUndiciTimeouts).
    const call = plain && {
      method: (plain.init.method ?? "GET") as Dispatcher.HttpMethod,
      headers: plainHeaders(plain.init.headers),
      body: plain.init.body ?? undefined,
      signal,
      ...(timing && untimedByUndici),
    };
    let answer: Dispatcher.ResponseData | Response;
    try {
      answer = call
        ? target
          ? await dispatcher.request({ origin: target.origin, path: target.path, ...call })
          : await request((plain as PlainCall).url, { dispatcher, ...call })
        : await viaFetch(input, { ...init, signal }, timing ? timedDispatcher : dispatcher);
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
    if (!("statusCode" in answer)) return { response: timedResponse(answer, timing, timeouts) };
    const nullBody = answer.statusCode === 204 || answer.statusCode === 304 || init?.method === "HEAD";
    if (nullBody) {
      answer.body.destroy();
      timing?.settle();
    }
    return { raw: answer, body: nullBody ? null : sourceOf(answer.body, signal, timing, timeouts) };
  };

  /** One call as fetch answers it: a `Response`. */
  const call = async (
    input: RequestInfo | URL,
    init: RequestInit | undefined,
    timeouts?: UpstreamTimeouts,
  ) => {
    const sent = await send(input, init, timeouts);
    if ("response" in sent) return sent.response;
    return new Response(sent.body && byteSourceStream(sent.body), {
      status: sent.raw.statusCode,
      statusText: sent.raw.statusText,
      headers: responseHeaders(sent.raw.headers),
    });
  };

  /** One call answered without a `Response` or a Web stream on the fast path (decision 0020). */
  const callForAnswer = async (url: string, init: RequestInit, timeouts?: UpstreamTimeouts) => {
    const sent = await send(url, init, timeouts);
    if ("response" in sent) return answerOfResponse(sent.response);
    return answerOf(sent.raw, sent.body);
  };

  /** What only fetch takes (a Request, a streamed body, a redirect mode), by undici's fetch on the same pool. */
  const viaFetch = (input: RequestInfo | URL, init: RequestInit, via: Dispatcher) => {
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
      dispatcher: via,
    } as Parameters<typeof undiciFetch>[1]) as unknown as Promise<Response>;
  };

  const upstreamFetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    call(input, init)) as SelfTimedFetch & UpstreamFetch;
  upstreamFetch.withoutResponse = (url, init) => callForAnswer(url, init);
  upstreamFetch.withTimeouts = (timeouts) => {
    const timed = ((input: RequestInfo | URL, init?: RequestInit) =>
      call(input, init, timeouts)) as UpstreamFetch;
    timed.withoutResponse = (url, init) => callForAnswer(url, init, timeouts);
    return timed;
  };
  return upstreamFetch;
}
