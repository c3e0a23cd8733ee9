import { CanonicalError } from "@interlingua/core";

/** How long the gateway waits on an upstream, in milliseconds. */
export interface UpstreamTimeouts {
  /** From sending the request to the upstream's response headers. */
  firstByteMs: number;
  /** Between two chunks of the upstream's body (and from the headers to the first chunk). */
  idleMs: number;
}

/** The default {@link UpstreamTimeouts}: 120 s to the first byte, 60 s of silence mid-body. */
export const defaultUpstreamTimeouts: UpstreamTimeouts = { firstByteMs: 120_000, idleMs: 60_000 };

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

/**
 * The upstream body with an idle limit: when a read has waited longer than `idleMs`, the body is
 * cancelled, the call aborted and the body fails with a `timeout` error. Reading is pull-driven, so
 * back-pressure holds (time the consumer takes does not count); one timer per body, checking a few
 * times per limit, keeps the cost per chunk to a clock read.
 */
function idleLimitedBody(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  abort: (reason: CanonicalError) => void,
  settle: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let waitingSince: number | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let failed = false;
  const stop = () => {
    clearInterval(timer);
    settle();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setInterval(
        () => {
          if (waitingSince === undefined || Date.now() - waitingSince < idleMs) return;
          const error = upstreamTimeout("sent nothing more", idleMs);
          failed = true;
          stop();
          abort(error);
          reader.cancel(error).catch(() => undefined);
          controller.error(error);
        },
        Math.max(1, Math.floor(idleMs / 4)),
      );
    },
    async pull(controller) {
      waitingSince = Date.now();
      try {
        const next = await reader.read();
        waitingSince = undefined;
        if (failed) return;
        if (next.done) {
          stop();
          controller.close();
        } else controller.enqueue(next.value);
      } catch (thrown) {
        if (failed) return;
        stop();
        controller.error(thrown);
      }
    },
    cancel(reason) {
      stop();
      return reader.cancel(reason);
    },
  });
}

/**
 * `fetch` with upstream timeouts: no response headers within `firstByteMs`, or a body that goes
 * silent for `idleMs`, aborts the call and fails it with a `timeout` CanonicalError (HTTP 504 in
 * every format) instead of leaving the caller waiting for the runtime's own limits (undici waits
 * 300 s for headers and then reports only "fetch failed"). The caller's own signal still aborts.
 */
export function createTimedFetch(fetchUpstream: typeof fetch, timeouts: UpstreamTimeouts): typeof fetch {
  return async (input, init = {}) => {
    const controller = new AbortController();
    const callerSignal = init.signal ?? undefined;
    const followCaller = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) followCaller();
    else callerSignal?.addEventListener("abort", followCaller, { once: true });
    const settle = () => callerSignal?.removeEventListener("abort", followCaller);
    let timedOut: CanonicalError | undefined;
    const timer = setTimeout(() => {
      timedOut = upstreamTimeout("sent no response", timeouts.firstByteMs);
      controller.abort(timedOut);
    }, timeouts.firstByteMs);
    let response: Response;
    try {
      response = await fetchUpstream(input, { ...init, signal: controller.signal });
    } catch (thrown) {
      settle();
      if (timedOut) throw timedOut;
      if (isConnectTimeout(thrown))
        throw new CanonicalError("timeout", "The upstream could not be connected to in time.", {
          code: "upstream_timeout",
          cause: thrown,
        });
      throw thrown;
    } finally {
      clearTimeout(timer);
    }
    if (!response.body) {
      settle();
      return response;
    }
    const body = idleLimitedBody(
      response.body,
      timeouts.idleMs,
      (reason) => controller.abort(reason),
      settle,
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
