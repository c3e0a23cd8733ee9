import { CanonicalError, errorKindForStatus } from "@interlingua/core";
import { isWireObject } from "../responses-extensions";
import { responsesErrorKindByCode } from "./responses-error-kinds";

function headerValue(
  headers: Headers | Record<string, string> | undefined,
  name: string,
): string | undefined {
  if (headers === undefined) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const key in headers) if (key.toLowerCase() === name) return headers[key];
  return undefined;
}

/**
 * This format's error answer as a canonical error: the kind from the HTTP status (a 200 stream's
 * error, status 0 or 200, takes it from the code), the message, `param` and `code` from the body,
 * `retry-after` from the headers, and the upstream answer kept whole.
 */
export function responsesErrorFromWire(
  status: number,
  body: unknown,
  headers?: Headers | Record<string, string>,
): CanonicalError {
  const inner = isWireObject(body) && isWireObject(body.error) ? body.error : undefined;
  const message =
    typeof inner?.message === "string"
      ? inner.message
      : typeof body === "string" && body !== ""
        ? body
        : `Upstream answered with HTTP ${status}`;
  const code = typeof inner?.code === "string" ? inner.code : undefined;
  const fromCode = code === undefined ? undefined : responsesErrorKindByCode[code];
  const kind = status >= 400 ? errorKindForStatus(status) : (fromCode ?? "internal");
  const retryAfterText = headerValue(headers, "retry-after");
  const retryAfter = retryAfterText === undefined ? undefined : Number(retryAfterText);
  const plainHeaders: Record<string, string> = {};
  if (headers instanceof Headers)
    headers.forEach((value, key) => {
      plainHeaders[key] = value;
    });
  else if (headers) Object.assign(plainHeaders, headers);
  return new CanonicalError(kind, message, {
    status: status >= 400 ? status : undefined,
    param: typeof inner?.param === "string" ? inner.param : undefined,
    code,
    retryAfter: retryAfter !== undefined && Number.isFinite(retryAfter) ? retryAfter : undefined,
    upstream: { status, body, headers: plainHeaders },
  });
}
