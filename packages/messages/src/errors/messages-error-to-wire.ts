import type { CanonicalError, WireError } from "@interlingua/core";
import { MessagesErrorBody } from "../wire/messages-error";
import { messagesErrorByKind, messagesErrorTypes } from "./messages-error-types";

/**
 * A canonical error as a messages error answer: the status the error carries, the `type` of its
 * kind (or its original messages `type`), the parameter as a `field.path: ` message prefix, and a
 * `retry-after` header. An error decoded from a messages answer keeps that answer's `request_id`
 * and other fields.
 */
export function messagesErrorToWire(error: CanonicalError): WireError<MessagesErrorBody> {
  const byKind = messagesErrorByKind[error.kind];
  const type =
    error.code !== undefined && messagesErrorTypes[error.code] !== undefined ? error.code : byKind.type;
  const message =
    error.param !== undefined && !error.message.startsWith(`${error.param}: `)
      ? `${error.param}: ${error.message}`
      : error.message;
  const upstream = MessagesErrorBody.safeParse(error.upstream?.body);
  const original = upstream.success ? upstream.data : undefined;
  const body: MessagesErrorBody = {
    ...original,
    type: "error",
    error: { ...original?.error, type, message },
  };
  const wire: WireError<MessagesErrorBody> = { status: error.status, body };
  if (error.retryAfter !== undefined) wire.headers = { "retry-after": String(Math.ceil(error.retryAfter)) };
  return wire;
}
