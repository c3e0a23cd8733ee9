import { type CanonicalError, statusByErrorKind, type WireError } from "@interlingua/core";
import { GenerateContentErrorBody } from "../wire/generate-content-error-schema";
import {
  badRequestType,
  generateContentErrorByKind,
  generateContentErrorStatuses,
  retryInfoType,
} from "./generate-content-error-statuses";

/**
 * A canonical error as a generate-content error answer: `{error: {code, message, status,
 * details}}` with the error's HTTP status as `code` (a kind's default status becomes this
 * format's), the `status` of its kind (or its original one when that means the same), a `BadRequest` detail naming the offending field, and a
 * `RetryInfo` detail plus `retry-after` header when the caller should wait. An error decoded from
 * an answer of this format keeps that answer's details.
 */
export function generateContentErrorToWire(error: CanonicalError): WireError<GenerateContentErrorBody> {
  const byKind = generateContentErrorByKind[error.kind];
  // A status the error was given explicitly (an upstream's) is kept; a kind's default is this format's.
  const code = error.status === statusByErrorKind[error.kind] ? byKind.code : error.status;
  const original = GenerateContentErrorBody.safeParse(error.upstream?.body);
  const originalError = original.success ? original.data.error : undefined;
  const status =
    error.code !== undefined && generateContentErrorStatuses[error.code]?.kind === error.kind
      ? error.code
      : byKind.status;
  const details = originalError?.details ? [...originalError.details] : [];
  if (error.param !== undefined && !details.some((detail) => detail["@type"] === badRequestType)) {
    details.push({
      "@type": badRequestType,
      fieldViolations: [{ field: error.param, description: error.message }],
    });
  }
  if (error.retryAfter !== undefined && !details.some((detail) => detail["@type"] === retryInfoType)) {
    details.push({ "@type": retryInfoType, retryDelay: `${error.retryAfter}s` });
  }
  const body: GenerateContentErrorBody = {
    ...(original.success ? original.data : {}),
    error: {
      ...originalError,
      code,
      message: error.message,
      status,
      ...(details.length > 0 && { details }),
    },
  };
  const wire: WireError<GenerateContentErrorBody> = { status: code, body };
  if (error.retryAfter !== undefined) wire.headers = { "retry-after": String(Math.ceil(error.retryAfter)) };
  return wire;
}
