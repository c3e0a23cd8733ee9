import { CanonicalError, errorKindByStatus, errorKindForStatus } from "@interlingua/core";
import { MessagesErrorBody } from "../wire/messages-error";
import { messagesErrorTypes } from "./messages-error-types";

const paramPrefix = /^([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*): /;

function headerValue(
  headers: Headers | Record<string, string> | undefined,
  name: string,
): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const key in headers) if (key.toLowerCase() === name) return headers[key];
  return undefined;
}

/** Seconds from a `retry-after` header: delta seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * A messages error answer as a {@link CanonicalError}. The kind comes from the HTTP status when the
 * status has one (so 405 or 503 keep their meaning), else from the error `type`; the `type` is
 * kept as `code`, a leading `field.path: ` of the message as `param`, `retry-after` as
 * `retryAfter`, and the whole answer as `upstream`.
 */
export function messagesErrorFromWire(
  status: number,
  body: unknown,
  headers?: Headers | Record<string, string>,
): CanonicalError {
  const parsed = MessagesErrorBody.safeParse(body);
  const type = parsed.success ? parsed.data.error.type : undefined;
  const byType = type === undefined ? undefined : messagesErrorTypes[type];
  const kind = errorKindByStatus[status] ?? byType?.kind ?? errorKindForStatus(status);
  let message = parsed.success ? parsed.data.error.message : `Upstream answered with HTTP ${status}`;
  let param: string | undefined;
  const match = paramPrefix.exec(message);
  if (match) {
    param = match[1];
    message = message.slice(match[0].length);
  }
  const retryAfter = parseRetryAfter(headerValue(headers, "retry-after"));
  const plainHeaders =
    headers instanceof Headers ? Object.fromEntries(headers.entries()) : headers ? { ...headers } : undefined;
  return new CanonicalError(kind, message, {
    status,
    param,
    code: type,
    retryAfter,
    upstream: { status, body, ...(plainHeaders && { headers: plainHeaders }) },
  });
}
