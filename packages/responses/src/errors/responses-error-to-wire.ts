import type { CanonicalError, WireError } from "@interlingua/core";
import type { ResponsesErrorBody } from "../wire/responses-response-schema";
import { isResponsesContextOverflow } from "./responses-context-overflow";
import { responsesErrorTypeByKind } from "./responses-error-kinds";

/** The upstream body's `error.type`, when the upstream answered in this format's shape with the same message. */
function upstreamErrorType(error: CanonicalError): string | undefined {
  const body = error.upstream?.body as { error?: Record<string, unknown> } | undefined;
  const inner = body?.error;
  if (typeof inner !== "object" || inner === null) return undefined;
  const sameShape = "param" in inner && "code" in inner && typeof inner.type === "string";
  return sameShape && inner.message === error.message ? (inner.type as string) : undefined;
}

/**
 * A canonical error as this format's answer: its status, `retry-after` when known, and the body
 * `{error: {message, type, param, code}}`. The `type` is the upstream's own when it answered in this
 * format, else the kind's usual type (`insufficient_quota` style codes that name their own type keep it).
 * A backend reporting that the input overflows the context window (see
 * {@link isResponsesContextOverflow}) is the format's 400 `context_length_exceeded` naming `input`.
 */
export function responsesErrorToWire(error: CanonicalError): WireError<ResponsesErrorBody> {
  if (isResponsesContextOverflow(error)) {
    const body = {
      error: {
        message: error.message,
        type: "invalid_request_error",
        param: "input",
        code: "context_length_exceeded",
      },
    };
    return { status: 400, body };
  }
  const type =
    upstreamErrorType(error) ??
    (error.code === "insufficient_quota" ? error.code : responsesErrorTypeByKind[error.kind]);
  const wire: WireError<ResponsesErrorBody> = {
    status: error.status,
    body: { error: { message: error.message, type, param: error.param ?? null, code: error.code ?? null } },
  };
  if (error.retryAfter !== undefined) wire.headers = { "retry-after": String(error.retryAfter) };
  return wire;
}
