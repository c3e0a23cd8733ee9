import type { ErrorKind } from "@interlingua/core";

/** The error `type` and HTTP status each canonical kind answers with in the messages format. */
export const messagesErrorByKind: Record<ErrorKind, { type: string; status: number }> = {
  invalid_request: { type: "invalid_request_error", status: 400 },
  authentication: { type: "authentication_error", status: 401 },
  permission: { type: "permission_error", status: 403 },
  not_found: { type: "not_found_error", status: 404 },
  method_not_allowed: { type: "invalid_request_error", status: 405 },
  request_too_large: { type: "request_too_large", status: 413 },
  rate_limit: { type: "rate_limit_error", status: 429 },
  overloaded: { type: "overloaded_error", status: 529 },
  timeout: { type: "timeout_error", status: 504 },
  unavailable: { type: "api_error", status: 503 },
  internal: { type: "api_error", status: 500 },
};

/** The canonical kind and status of each error `type`, for errors that come without an HTTP status (stream events). */
export const messagesErrorTypes: Record<string, { kind: ErrorKind; status: number }> = {
  invalid_request_error: { kind: "invalid_request", status: 400 },
  authentication_error: { kind: "authentication", status: 401 },
  billing_error: { kind: "permission", status: 402 },
  permission_error: { kind: "permission", status: 403 },
  not_found_error: { kind: "not_found", status: 404 },
  request_too_large: { kind: "request_too_large", status: 413 },
  rate_limit_error: { kind: "rate_limit", status: 429 },
  api_error: { kind: "internal", status: 500 },
  timeout_error: { kind: "timeout", status: 504 },
  overloaded_error: { kind: "overloaded", status: 529 },
};
