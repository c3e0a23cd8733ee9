import type { ErrorKind } from "../model/error-data";

/** The HTTP status each canonical error kind answers with. */
export const statusByErrorKind: Record<ErrorKind, number> = {
  invalid_request: 400,
  authentication: 401,
  permission: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_too_large: 413,
  rate_limit: 429,
  overloaded: 529,
  timeout: 504,
  unavailable: 503,
  internal: 500,
};

/** The canonical kind of each HTTP status a vendor may answer with. */
export const errorKindByStatus: Record<number, ErrorKind> = {
  400: "invalid_request",
  401: "authentication",
  402: "permission",
  403: "permission",
  404: "not_found",
  405: "method_not_allowed",
  408: "timeout",
  409: "invalid_request",
  413: "request_too_large",
  422: "invalid_request",
  429: "rate_limit",
  500: "internal",
  502: "unavailable",
  503: "unavailable",
  504: "timeout",
  529: "overloaded",
};

/** The canonical kind for any HTTP status: the table above, else by class (4xx, 5xx). */
export function errorKindForStatus(status: number): ErrorKind {
  const known = errorKindByStatus[status];
  if (known) return known;
  if (status >= 500) return "internal";
  return "invalid_request";
}
