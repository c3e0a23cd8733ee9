import { CanonicalError, type ErrorKind, errorKindByStatus, errorKindForStatus } from "@interlingua/core";
import { GenerateContentErrorBody } from "../wire/generate-content-error-schema";
import {
  badRequestType,
  generateContentErrorStatuses,
  retryInfoType,
} from "./generate-content-error-statuses";

function headerValue(
  headers: Headers | Record<string, string> | undefined,
  name: string,
): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const key in headers) if (key.toLowerCase() === name) return headers[key];
  return undefined;
}

/** Seconds from a `google.protobuf.Duration` in JSON (`"34.4s"`), or undefined. */
export function parseGenerateContentDuration(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
  return match ? Number(match[1]) : undefined;
}

/**
 * A generate-content error answer as a {@link CanonicalError}. The kind comes from the HTTP status
 * when it has one, else from `status` (503 whose message says the model is overloaded is
 * `overloaded`); `status` is kept as `code`, the first `BadRequest` field violation as `param`,
 * `RetryInfo.retryDelay` (or a `retry-after` header) as `retryAfter`, and the answer as `upstream`.
 */
export function generateContentErrorFromWire(
  status: number,
  body: unknown,
  headers?: Headers | Record<string, string>,
): CanonicalError {
  const parsed = GenerateContentErrorBody.safeParse(body);
  const error = parsed.success ? parsed.data.error : undefined;
  const byStatus = error?.status === undefined ? undefined : generateContentErrorStatuses[error.status];
  let kind: ErrorKind = errorKindByStatus[status] ?? byStatus?.kind ?? errorKindForStatus(status);
  const message = error?.message ?? `Upstream answered with HTTP ${status}`;
  if (kind === "unavailable" && /overloaded/i.test(message)) kind = "overloaded";
  let param: string | undefined;
  let retryAfter: number | undefined;
  for (const detail of error?.details ?? []) {
    if (detail["@type"] === badRequestType && param === undefined) {
      const violations = (detail as { fieldViolations?: { field?: unknown }[] }).fieldViolations;
      const field = violations?.[0]?.field;
      if (typeof field === "string") param = field;
    } else if (detail["@type"] === retryInfoType) {
      retryAfter = parseGenerateContentDuration((detail as { retryDelay?: unknown }).retryDelay);
    }
  }
  if (retryAfter === undefined) {
    const header = headerValue(headers, "retry-after");
    const seconds = header === undefined ? Number.NaN : Number(header);
    if (Number.isFinite(seconds)) retryAfter = Math.max(0, seconds);
  }
  const plainHeaders =
    headers instanceof Headers ? Object.fromEntries(headers.entries()) : headers ? { ...headers } : undefined;
  return new CanonicalError(kind, message, {
    status,
    param,
    code: error?.status,
    retryAfter,
    upstream: { status, body, ...(plainHeaders && { headers: plainHeaders }) },
  });
}
