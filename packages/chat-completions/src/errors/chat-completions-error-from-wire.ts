import { CanonicalError, errorKindForStatus } from "@interlingua/core";
import { isWireObject } from "../chat-completions-extensions";
import {
  chatCompletionsErrorKindByCode,
  chatCompletionsErrorKindByType,
} from "./chat-completions-error-kinds";

function plainHeaders(headers: Headers | Record<string, string> | undefined): Record<string, string> {
  const plain: Record<string, string> = {};
  if (headers instanceof Headers)
    headers.forEach((value, key) => {
      plain[key] = value;
    });
  else if (headers) for (const key in headers) plain[key.toLowerCase()] = headers[key] as string;
  return plain;
}

/**
 * This format's error answer as a canonical error: the kind from the HTTP status (a mid-stream
 * error, status 0 or 200, takes it from the code, then the type), the message, `param` and `code`
 * from the body (a numeric code, as some servers send, as text), `retry-after` from the headers,
 * and the upstream answer kept whole. vLLM's flat `{object: "error", ...}` body is read too; a body
 * that is neither keeps its text as the message.
 */
export function chatCompletionsErrorFromWire(
  status: number,
  body: unknown,
  headers?: Headers | Record<string, string>,
): CanonicalError {
  // The envelope `{error: {...}}`, or the flat body vLLM sends (`{object: "error", message, ...}`).
  const inner = !isWireObject(body)
    ? undefined
    : isWireObject(body.error)
      ? body.error
      : body.object === "error"
        ? body
        : undefined;
  const message =
    typeof inner?.message === "string"
      ? inner.message
      : typeof body === "string" && body !== ""
        ? body
        : `Upstream answered with HTTP ${status}`;
  const code =
    typeof inner?.code === "string"
      ? inner.code
      : typeof inner?.code === "number"
        ? String(inner.code)
        : undefined;
  const fromBody =
    (code === undefined ? undefined : chatCompletionsErrorKindByCode[code]) ??
    (typeof inner?.type === "string" ? chatCompletionsErrorKindByType[inner.type] : undefined);
  const kind = status >= 400 ? errorKindForStatus(status) : (fromBody ?? "internal");
  const all = plainHeaders(headers);
  const retryAfter = all["retry-after"] === undefined ? undefined : Number(all["retry-after"]);
  return new CanonicalError(kind, message, {
    status: status >= 400 ? status : undefined,
    param: typeof inner?.param === "string" ? inner.param : undefined,
    code,
    retryAfter: retryAfter !== undefined && Number.isFinite(retryAfter) ? retryAfter : undefined,
    upstream: { status, body, headers: all },
  });
}
