import type { ErrorData, ErrorKind } from "../model/error-data";
import { statusByErrorKind } from "./error-status";

const marker = Symbol.for("interlingua.canonical-error");

/** What a caller may set when creating a {@link CanonicalError}. */
export interface CanonicalErrorOptions {
  /** HTTP status; defaults to the kind's status. */
  status?: number;
  /** The request field at fault. */
  param?: string;
  /** The vendor's error code or type, kept for round trips. */
  code?: string;
  /** Seconds to wait before retrying. */
  retryAfter?: number;
  /** Where the error came from when an upstream answered with it. */
  upstream?: { status: number; body: unknown; headers?: Record<string, string> };
  /** The underlying cause. */
  cause?: unknown;
}

/**
 * The one error type of interlingua. Every codec maps it to and from its own error body, and the
 * gateway always answers with it in the caller's format. Checks use {@link CanonicalError.isInstance},
 * which works across two installed copies of the package.
 */
export class CanonicalError extends Error {
  readonly [marker] = true;
  /** What kind of failure. */
  readonly kind: ErrorKind;
  /** HTTP status. */
  readonly status: number;
  /** The request field at fault. */
  readonly param?: string;
  /** The vendor's error code or type. */
  readonly code?: string;
  /** Seconds to wait before retrying. */
  readonly retryAfter?: number;
  /** The upstream answer this error was made from. */
  readonly upstream?: { status: number; body: unknown; headers?: Record<string, string> };

  constructor(kind: ErrorKind, message: string, options: CanonicalErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "CanonicalError";
    this.kind = kind;
    this.status = options.status ?? statusByErrorKind[kind];
    if (options.param !== undefined) this.param = options.param;
    if (options.code !== undefined) this.code = options.code;
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter;
    if (options.upstream !== undefined) this.upstream = options.upstream;
  }

  /** True for any CanonicalError, from this copy of the package or another. */
  static isInstance(value: unknown): value is CanonicalError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }

  /** Rebuilds an error from its data form (an `error` stream event). */
  static fromData(data: ErrorData): CanonicalError {
    return new CanonicalError(data.kind, data.message, data);
  }

  /** The error as plain data, for an `error` stream event or a failed response. */
  toData(): ErrorData {
    const data: ErrorData = { kind: this.kind, status: this.status, message: this.message };
    if (this.param !== undefined) data.param = this.param;
    if (this.code !== undefined) data.code = this.code;
    if (this.retryAfter !== undefined) data.retryAfter = this.retryAfter;
    return data;
  }
}
