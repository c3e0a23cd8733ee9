import type { Loss, Usage } from "@interlingua/core";

/** Response header carrying the {@link ExchangeEvent.id} of the exchange it answers. */
export const exchangeIdHeader = "x-interlingua-exchange-id";

/**
 * What ended an exchange in failure, from the gateway's point of view:
 * - `client_error`: the caller's request was refused before any upstream call (bad JSON, unknown
 *   model, a key that is not accepted, a body too large, a method not allowed);
 * - `strict_refusal`: the caller asked for strict conversion (`x-interlingua-strict: 1`) and the
 *   exchange would have lost something;
 * - `upstream_error`: the upstream answered with an error, a malformed answer or a broken stream
 *   (its HTTP status in {@link ExchangeError.upstreamStatus} when it sent one);
 * - `timeout`: the upstream did not answer, or went silent, within the configured timeouts;
 * - `client_disconnect`: the caller went away before the answer was complete;
 * - `gateway_error`: anything else the gateway itself failed at (a bug, a route to a missing provider).
 */
export type ExchangeErrorType =
  | "client_error"
  | "strict_refusal"
  | "upstream_error"
  | "timeout"
  | "client_disconnect"
  | "gateway_error";

/** How an exchange failed; see {@link ExchangeErrorType}. */
export interface ExchangeError {
  type: ExchangeErrorType;
  /** The canonical error kind the caller was answered with (`rate_limit`, `invalid_request`, …). */
  kind: string;
  /** The error's code, when it has one (`model_not_found`, `upstream_timeout`, `conversion_loss`). */
  code?: string;
  /** The error's message, with every configured secret redacted. */
  message: string;
  /** The HTTP status the upstream answered with, for an upstream error that came with one. */
  upstreamStatus?: number;
}

/**
 * When each step of the exchange happened. `receivedAt` is wall-clock time (milliseconds since the
 * epoch); every other figure is milliseconds after it, from a monotonic clock, fractional.
 */
export interface ExchangeTimings {
  /** When the gateway received the request (epoch milliseconds). */
  receivedAt: number;
  /** When the (last) upstream request was sent; absent when none was. */
  upstreamSentMs?: number;
  /** When the upstream's response headers came back (for custom providers: when the call returned). */
  upstreamFirstByteMs?: number;
  /** When the first bytes of the answer body were ready for the caller. */
  clientFirstByteMs?: number;
  /** When the exchange was over: the whole answer built, or the stream ended, failed or was cancelled. */
  endMs: number;
}

/** Bytes of the exchange's bodies. */
export interface ExchangeBytes {
  /** The caller's request body. */
  in: number;
  /** The answer body sent to the caller (SSE keepalive comments not counted). */
  out: number;
}

/**
 * One exchange, as the gateway saw it, handed to every `observe` hook once it is over (a stream
 * when it ended, however it ended). Fields the exchange never reached (no route, no upstream call,
 * no usage reported) are absent, never zero or empty.
 */
export interface ExchangeEvent {
  /** Unique id of the exchange, also sent to the caller in the `x-interlingua-exchange-id` header. */
  id: string;
  /** `chat` for a chat request of any front; `mount` for a request answered by a mount (image-task). */
  kind: "chat" | "mount";
  /**
   * Who called: `key-sha256:<hex>` for the key presented (its SHA-256, never the key), `""` when the
   * gateway asks for no keys. Absent for mounts, which check their own keys.
   */
  tenant?: string;
  /** The format the caller spoke (a format id such as `messages`), or the mount's path prefix. */
  front: string;
  /** The request's path. */
  path: string;
  /** HTTP method of the request. */
  method: string;
  /** The provider that was called: its `providers` key and the wire format it speaks (when known). */
  backend?: { provider: string; format?: string };
  /** Model the caller asked for. */
  requestModel?: string;
  /** Model the route sent upstream. */
  upstreamModel?: string;
  /** Model the upstream said answered. */
  responseModel?: string;
  /** Id of the answer as the caller saw it. */
  responseId?: string;
  /** Canonical finish reason of the answer (`stop`, `length`, `tool_calls`, …). */
  finishReason?: string;
  /** Whether the caller asked for a stream. */
  stream: boolean;
  /** Whether the body went upstream unchanged but for the model (same format both sides). */
  passThrough: boolean;
  /** Whether the caller asked for strict conversion. */
  strict: boolean;
  /** The HTTP status the caller was answered with (200 for a stream that started, even if it then failed). */
  status: number;
  /** How the exchange failed; absent for a success. */
  error?: ExchangeError;
  /**
   * Token counts in the canonical accounting (`inputTokens` includes cache reads and writes,
   * `outputTokens` includes reasoning), as the answer carried them to the caller. Counts the
   * upstream did not report are absent; absent altogether when it reported none.
   */
  usage?: Omit<Usage, "extensions">;
  /** What the translation could not carry, request and answer together. */
  losses: { count: number; list: Loss[] };
  timings: ExchangeTimings;
  bytes: ExchangeBytes;
  /** Upstream HTTP calls made for the exchange (0 when it failed before any, or for custom providers). */
  upstreamCalls: number;
}

/** A hook given every {@link ExchangeEvent}; its result (or rejection) is never awaited by the exchange. */
export type ExchangeHook = (event: ExchangeEvent) => void | Promise<void>;
