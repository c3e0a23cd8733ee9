import type { Dispatcher } from "undici";

/** undici's own header and body timeouts off (`0`, "disable it entirely" in undici's Client options). */
export const untimedByUndici = { headersTimeout: 0, bodyTimeout: 0 } as const;

/**
 * The dispatcher with undici's own header and body timeouts off ({@link untimedByUndici}) on every
 * call it sends, on the same connection pool: for the calls by undici's fetch that the gateway
 * times itself (first byte, idle; decision 0007), whose limits must be the only ones (a call by
 * `undici.request` takes {@link untimedByUndici} in its own options, without a second object).
 * Without it undici's defaults (300 s for headers, 300 s between body chunks) end a call the
 * gateway allows longer, with undici's error instead of the gateway's `timeout` answer.
 */
export function withoutUndiciTimeouts(dispatcher: Dispatcher): Dispatcher {
  return dispatcher.compose(
    (dispatch) => (options, handler) => dispatch({ ...options, ...untimedByUndici }, handler),
  );
}
