import * as z from "zod/mini";
import { Extensions } from "./extensions";

/** The kinds of failure every format can express, each with a default HTTP status. */
export const ErrorKind = z.enum([
  "invalid_request",
  "authentication",
  "permission",
  "not_found",
  "method_not_allowed",
  "request_too_large",
  "rate_limit",
  "overloaded",
  "timeout",
  "unavailable",
  "internal",
]);
/** A failure kind; see {@link ErrorKind}. */
export type ErrorKind = z.infer<typeof ErrorKind>;

/** A failure as plain data, as it travels in an `error` stream event or a failed response. */
export const ErrorData = z.object({
  /** What kind of failure. */
  kind: ErrorKind,
  /** HTTP status that goes with it. */
  status: z.int(),
  /** Human-readable message. */
  message: z.string(),
  /** The request field at fault, when there is one (`messages.0.content`). */
  param: z.optional(z.string()),
  /** The vendor's error code or type, kept for round trips (`insufficient_quota`). */
  code: z.optional(z.string()),
  /** Seconds the caller should wait before retrying. */
  retryAfter: z.optional(z.number()),
  /** Format-specific fields (the form and vendor type of a stream's error event). */
  extensions: z.optional(Extensions),
});
/** A failure as data; see {@link ErrorData}. */
export type ErrorData = z.infer<typeof ErrorData>;
