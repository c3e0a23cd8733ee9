import type { ErrorKind } from "@interlingua/core";

/** The canonical kind of the error codes OpenAI-compatible servers send, for errors without an HTTP status (mid-stream). */
export const chatCompletionsErrorKindByCode: Record<string, ErrorKind> = {
  server_error: "internal",
  rate_limit_exceeded: "rate_limit",
  insufficient_quota: "rate_limit",
  context_length_exceeded: "invalid_request",
  invalid_api_key: "authentication",
  model_not_found: "not_found",
};

/** The canonical kind of the error types OpenAI-compatible servers send, when the code says nothing. */
export const chatCompletionsErrorKindByType: Record<string, ErrorKind> = {
  invalid_request_error: "invalid_request",
  authentication_error: "authentication",
  permission_error: "permission",
  not_found_error: "not_found",
  rate_limit_error: "rate_limit",
  server_error: "internal",
};

/**
 * The `error.type` for each canonical kind, as the OpenAI API sends it (its API reference's error
 * codes page: 401 and 404 answers are `invalid_request_error` too).
 */
export const chatCompletionsErrorTypeByKind: Record<ErrorKind, string> = {
  invalid_request: "invalid_request_error",
  authentication: "invalid_request_error",
  permission: "permission_error",
  not_found: "invalid_request_error",
  method_not_allowed: "invalid_request_error",
  request_too_large: "invalid_request_error",
  rate_limit: "rate_limit_error",
  overloaded: "server_error",
  timeout: "server_error",
  unavailable: "server_error",
  internal: "server_error",
};
