import type { ErrorKind } from "@interlingua/core";

/** The HTTP code and `status` each canonical kind answers with (the seed's status table). */
export const generateContentErrorByKind: Record<ErrorKind, { code: number; status: string }> = {
  invalid_request: { code: 400, status: "INVALID_ARGUMENT" },
  authentication: { code: 401, status: "UNAUTHENTICATED" },
  permission: { code: 403, status: "PERMISSION_DENIED" },
  not_found: { code: 404, status: "NOT_FOUND" },
  method_not_allowed: { code: 405, status: "INVALID_ARGUMENT" },
  request_too_large: { code: 413, status: "PAYLOAD_TOO_LARGE" },
  rate_limit: { code: 429, status: "RESOURCE_EXHAUSTED" },
  overloaded: { code: 503, status: "UNAVAILABLE" },
  timeout: { code: 504, status: "DEADLINE_EXCEEDED" },
  unavailable: { code: 503, status: "UNAVAILABLE" },
  internal: { code: 500, status: "INTERNAL" },
};

/** The canonical kind of each `status` (`google.rpc.Code` names), for errors without a usable HTTP code. */
export const generateContentErrorStatuses: Record<string, { kind: ErrorKind; code: number }> = {
  INVALID_ARGUMENT: { kind: "invalid_request", code: 400 },
  FAILED_PRECONDITION: { kind: "invalid_request", code: 400 },
  OUT_OF_RANGE: { kind: "invalid_request", code: 400 },
  UNAUTHENTICATED: { kind: "authentication", code: 401 },
  PERMISSION_DENIED: { kind: "permission", code: 403 },
  NOT_FOUND: { kind: "not_found", code: 404 },
  ALREADY_EXISTS: { kind: "invalid_request", code: 409 },
  ABORTED: { kind: "invalid_request", code: 409 },
  PAYLOAD_TOO_LARGE: { kind: "request_too_large", code: 413 },
  RESOURCE_EXHAUSTED: { kind: "rate_limit", code: 429 },
  CANCELLED: { kind: "unavailable", code: 499 },
  INTERNAL: { kind: "internal", code: 500 },
  UNKNOWN: { kind: "internal", code: 500 },
  DATA_LOSS: { kind: "internal", code: 500 },
  UNIMPLEMENTED: { kind: "not_found", code: 501 },
  UNAVAILABLE: { kind: "unavailable", code: 503 },
  DEADLINE_EXCEEDED: { kind: "timeout", code: 504 },
};

/** The `@type` of the detail that names offending request fields. */
export const badRequestType = "type.googleapis.com/google.rpc.BadRequest";
/** The `@type` of the detail that says when to retry. */
export const retryInfoType = "type.googleapis.com/google.rpc.RetryInfo";
