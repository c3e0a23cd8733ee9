import type { CanonicalError, WireError } from "@interlingua/core";
import type { ChatCompletionsErrorBody } from "../wire/chat-completions-response-schema";
import { chatCompletionsErrorTypeByKind } from "./chat-completions-error-kinds";

/** The upstream body's `error.type`, when the upstream answered in this envelope with the same message. */
function upstreamErrorType(error: CanonicalError): string | undefined {
  const inner = (error.upstream?.body as { error?: Record<string, unknown> } | undefined)?.error;
  if (typeof inner !== "object" || inner === null) return undefined;
  return typeof inner.type === "string" && inner.message === error.message ? inner.type : undefined;
}

/**
 * A canonical error as this format's answer: its status, `retry-after` when known, and the body
 * `{error: {message, type, param, code}}`; the `type` is the upstream's own when it answered in this
 * envelope, else the kind's usual one.
 */
export function chatCompletionsErrorToWire(error: CanonicalError): WireError<ChatCompletionsErrorBody> {
  const type = upstreamErrorType(error) ?? chatCompletionsErrorTypeByKind[error.kind];
  const wire: WireError<ChatCompletionsErrorBody> = {
    status: error.status,
    body: { error: { message: error.message, type, param: error.param ?? null, code: error.code ?? null } },
  };
  if (error.retryAfter !== undefined) wire.headers = { "retry-after": String(error.retryAfter) };
  return wire;
}
