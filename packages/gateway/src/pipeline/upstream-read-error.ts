import { CanonicalError } from "@interlingua/core";

/**
 * What a failed read of an upstream event stream means for the caller: a `CanonicalError` as it
 * is, anything else (a connection that broke off, a socket reset) `unavailable`.
 */
export function upstreamReadError(thrown: unknown): CanonicalError {
  if (CanonicalError.isInstance(thrown)) return thrown;
  const reason = thrown instanceof Error ? thrown.message : String(thrown);
  return new CanonicalError("unavailable", `The upstream stream broke off: ${reason}`, { cause: thrown });
}
