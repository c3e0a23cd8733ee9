import type { Dispatcher } from "undici";

/**
 * The dispatcher with undici's own header and body timeouts off (`0`, "disable it entirely" in
 * undici's Client options) on every call it sends, on the same connection pool: for the calls the
 * gateway times itself (first byte, idle; decision 0007), whose limits must be the only ones.
 * Without it undici's defaults (300 s for headers, 300 s between body chunks) end a call the
 * gateway allows longer, with undici's error instead of the gateway's `timeout` answer.
 */
export function withoutUndiciTimeouts(dispatcher: Dispatcher): Dispatcher {
  return dispatcher.compose(
    (dispatch) => (options, handler) => dispatch({ ...options, headersTimeout: 0, bodyTimeout: 0 }, handler),
  );
}
