import { CanonicalError } from "@interlingua/core";
import { type ByteSource, byteSourceStream, readByteSourceText } from "../http/byte-source";
import { answerOfResponse, type UpstreamAnswer, type UpstreamFetch } from "./upstream-answer";

/** How long the gateway waits on an upstream, in milliseconds. */
export interface UpstreamTimeouts {
  /** From sending the request to the upstream's response headers. */
  firstByteMs: number;
  /** Between two chunks of the upstream's body (and from the headers to the first chunk). */
  idleMs: number;
}

/** The default {@link UpstreamTimeouts}: 120 s to the first byte, 60 s of silence mid-body. */
export const defaultUpstreamTimeouts: UpstreamTimeouts = { firstByteMs: 120_000, idleMs: 60_000 };

/**
 * A `fetch` that applies the upstream timeouts itself, with the same rules and errors as
 * {@link createTimedFetch}, in the same stage as its own body (the Node upstream client does, which
 * saves a stream and a `Response` per call); {@link createTimedFetch} hands it the timeouts.
 */
export interface SelfTimedFetch {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** This fetch with `timeouts` applied (its calls without a `Response` too, if it has them). */
  withTimeouts(timeouts: UpstreamTimeouts): UpstreamFetch;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** A `timeout` error naming what the upstream did not do in time. */
function upstreamTimeout(what: string, ms: number): CanonicalError {
  return new CanonicalError("timeout", `The upstream ${what} within ${seconds(ms)}.`, {
    code: "upstream_timeout",
  });
}

/**
 * Node's fetch (undici) gives up connecting after its own connect timeout and says only "fetch
 * failed"; that is a timeout the caller should see as one, not an `unavailable`.
 */
function isConnectTimeout(thrown: unknown): boolean {
  const cause = (thrown as { cause?: { code?: unknown } } | undefined)?.cause;
  return cause?.code === "UND_ERR_CONNECT_TIMEOUT";
}

/** One upstream call under the timeouts, from sending it to the end of its body. */
export interface TimedUpstreamCall {
  /** The signal to send the call with: aborted by the caller's signal or by a timeout. */
  signal: AbortSignal;
  /** Turns what the call threw before its headers into the error to throw (a timeout stays one). */
  failed(thrown: unknown): unknown;
  /** The headers came: the first-byte timer stops. */
  answered(): void;
  /** The body ended, failed or was cancelled: the caller's signal is no longer followed. */
  settle(): void;
  /** The body went silent too long: the call is aborted with `reason`. */
  abort(reason: CanonicalError): void;
}

/** What aborts a timed call: an `AbortController`, or what stands for one (see `UndiciCallAborter`). */
export interface CallAborter {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

/**
 * Starts timing one upstream call: a signal that follows `callerSignal` and aborts when no response
 * headers came within `firstByteMs` (the call then fails with a `timeout` error); `controller`
 * makes that signal (an `AbortController` unless given).
 */
export function startTimedUpstreamCall(
  callerSignal: AbortSignal | null | undefined,
  firstByteMs: number,
  controller: CallAborter = new AbortController(),
): TimedUpstreamCall {
  const followCaller = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) followCaller();
  else callerSignal?.addEventListener("abort", followCaller, { once: true });
  let timedOut: CanonicalError | undefined;
  const timer = setTimeout(() => {
    timedOut = upstreamTimeout("sent no response", firstByteMs);
    controller.abort(timedOut);
  }, firstByteMs);
  const settle = () => callerSignal?.removeEventListener("abort", followCaller);
  return {
    signal: controller.signal,
    failed(thrown) {
      clearTimeout(timer);
      settle();
      if (timedOut) return timedOut;
      if (isConnectTimeout(thrown))
        return new CanonicalError("timeout", "The upstream could not be connected to in time.", {
          code: "upstream_timeout",
          cause: thrown,
        });
      return thrown;
    },
    answered: () => clearTimeout(timer),
    settle,
    abort: (reason) => controller.abort(reason),
  };
}

/** `response` with its body under the idle limit of {@link idleLimitedSource}; settled at once when it has none. */
export function idleLimitedResponse(
  response: Response,
  idleMs: number,
  call: Pick<TimedUpstreamCall, "abort" | "settle">,
): Response {
  if (!response.body) {
    call.settle();
    return response;
  }
  return new Response(byteSourceStream(idleLimitedBody(response.body, idleMs, call)), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * `response` as an {@link UpstreamAnswer} whose body is under the idle limit of
 * {@link idleLimitedSource}, read straight from the response's own stream: what
 * {@link idleLimitedResponse} gives, without a second stream and `Response` around it.
 */
export function idleLimitedAnswer(
  response: Response,
  idleMs: number,
  call: Pick<TimedUpstreamCall, "abort" | "settle">,
): UpstreamAnswer {
  if (!response.body) {
    call.settle();
    return answerOfResponse(response);
  }
  const body = idleLimitedBody(response.body, idleMs, call);
  return {
    status: response.status,
    ok: response.ok,
    headers: response.headers,
    body,
    text: () => readByteSourceText(body),
  };
}

/** A response's body stream as an {@link idleLimitedSource}, read and cancelled through its reader. */
function idleLimitedBody(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  call: Pick<TimedUpstreamCall, "abort" | "settle">,
): ByteSource {
  const reader = body.getReader();
  return idleLimitedSource(
    () => reader.read(),
    (reason) => reader.cancel(reason),
    idleMs,
    call,
  );
}

/**
 * The upstream body with an idle limit, read chunk by chunk with `read`: when a read has waited
 * longer than `idleMs`, the body is cancelled (`cancel`), the call aborted and the read fails with
 * a `timeout` error (so does every read after). Reading is pull-driven, so back-pressure holds
 * (time the consumer takes does not count); one timer per body, checking a few times per limit,
 * keeps the cost per chunk to a clock read.
 */
export function idleLimitedSource(
  read: () => Promise<ReadableStreamReadResult<Uint8Array>>,
  cancel: (reason: unknown) => Promise<void> | void,
  idleMs: number,
  call: Pick<TimedUpstreamCall, "abort" | "settle">,
): ByteSource {
  let waitingSince: number | undefined;
  let failure: CanonicalError | undefined;
  let over = false;
  let failPending: ((error: CanonicalError) => void) | undefined;
  const stop = () => {
    over = true;
    clearInterval(timer);
    call.settle();
  };
  const timer = setInterval(
    () => {
      if (waitingSince === undefined || Date.now() - waitingSince < idleMs) return;
      failure = upstreamTimeout("sent nothing more", idleMs);
      stop();
      call.abort(failure);
      Promise.resolve(cancel(failure)).catch(() => undefined);
      failPending?.(failure);
    },
    Math.max(1, Math.floor(idleMs / 4)),
  );
  return {
    read() {
      if (failure) return Promise.reject(failure);
      if (over) return Promise.resolve({ done: true, value: undefined });
      waitingSince = Date.now();
      return new Promise((resolve, reject) => {
        failPending = reject;
        read().then(
          (next) => {
            waitingSince = undefined;
            failPending = undefined;
            if (failure) return;
            if (next.done) stop();
            resolve(next);
          },
          (thrown: unknown) => {
            waitingSince = undefined;
            failPending = undefined;
            if (failure) return;
            stop();
            reject(thrown);
          },
        );
      });
    },
    async cancel(reason) {
      stop();
      await cancel(reason);
    },
  };
}

/**
 * `fetch` with upstream timeouts: no response headers within `firstByteMs`, or a body that goes
 * silent for `idleMs`, aborts the call and fails it with a `timeout` CanonicalError (HTTP 504 in
 * every format) instead of leaving the caller waiting for the runtime's own limits (undici waits
 * 300 s for headers and then reports only "fetch failed"). The caller's own signal still aborts.
 * A {@link SelfTimedFetch} is given the timeouts to apply itself; any other `fetch` gets
 * `withoutResponse` too, whose answer's body is the upstream response's own, under the same limit.
 * A redirect is the upstream's answer, not followed (`redirect: "manual"` unless the caller says
 * otherwise), as on the Node client: `fetch` carries headers such as `x-api-key` to whatever origin
 * a redirect names, so following one would hand the upstream key to another host.
 */
export function createTimedFetch(fetchUpstream: typeof fetch, timeouts: UpstreamTimeouts): UpstreamFetch {
  const selfTimed = (fetchUpstream as Partial<SelfTimedFetch>).withTimeouts;
  if (typeof selfTimed === "function") return selfTimed.call(fetchUpstream, timeouts);
  /** One call up to its headers, with the timing its body goes on under. */
  const send = async (input: RequestInfo | URL, init: RequestInit) => {
    const call = startTimedUpstreamCall(init.signal, timeouts.firstByteMs);
    let response: Response;
    try {
      response = await fetchUpstream(input, {
        ...init,
        redirect: init.redirect ?? "manual",
        signal: call.signal,
      });
    } catch (thrown) {
      throw call.failed(thrown);
    }
    call.answered();
    return { response, call };
  };
  const timed: UpstreamFetch = async (input, init = {}) => {
    const { response, call } = await send(input, init);
    return idleLimitedResponse(response, timeouts.idleMs, call);
  };
  // A same-format pass-through reads the body itself: no second stream and `Response` for it.
  timed.withoutResponse = async (url, init) => {
    const { response, call } = await send(url, init);
    return idleLimitedAnswer(response, timeouts.idleMs, call);
  };
  return timed;
}
