import type { ErrorKind } from "@interlingua/core";

/** The canonical kind of the error codes this format sends in failed responses and `error` events. */
export const responsesErrorKindByCode: Record<string, ErrorKind> = {
  server_error: "internal",
  rate_limit_exceeded: "rate_limit",
  insufficient_quota: "rate_limit",
  invalid_prompt: "invalid_request",
  context_length_exceeded: "invalid_request",
  vector_store_timeout: "timeout",
  invalid_api_key: "authentication",
  model_not_found: "not_found",
};

/** The canonical kind of an error code; unknown codes are `invalid_request` (the image and prompt codes are). */
export function responsesErrorKindForCode(code: string | null | undefined): ErrorKind {
  if (code === null || code === undefined) return "internal";
  return responsesErrorKindByCode[code] ?? "invalid_request";
}

/** The `error.type` an error body of this format carries for each canonical kind. */
export const responsesErrorTypeByKind: Record<ErrorKind, string> = {
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

/** The code a failed response's `error.code` carries for each canonical kind, when the error has none. */
export const responsesResponseErrorCodeByKind: Record<ErrorKind, string> = {
  invalid_request: "invalid_prompt",
  authentication: "server_error",
  permission: "server_error",
  not_found: "server_error",
  method_not_allowed: "server_error",
  request_too_large: "invalid_prompt",
  rate_limit: "rate_limit_exceeded",
  overloaded: "server_error",
  timeout: "server_error",
  unavailable: "server_error",
  internal: "server_error",
};

/**
 * The codes a failed response's `error.code` may carry: the spec's list, plus `insufficient_quota`
 * and `context_length_exceeded`, which live traffic sends (specs/SPEC-NOTES.md).
 */
export const responsesResponseErrorCodes: ReadonlySet<string> = new Set([
  "server_error",
  "rate_limit_exceeded",
  "invalid_prompt",
  "data_residency_mismatch",
  "bio_policy",
  "vector_store_timeout",
  "invalid_image",
  "invalid_image_format",
  "invalid_base64_image",
  "invalid_image_url",
  "image_too_large",
  "image_too_small",
  "image_parse_error",
  "image_content_policy_violation",
  "invalid_image_mode",
  "image_file_too_large",
  "unsupported_image_media_type",
  "empty_image_file",
  "failed_to_download_image",
  "image_file_not_found",
  "insufficient_quota",
  "context_length_exceeded",
]);
