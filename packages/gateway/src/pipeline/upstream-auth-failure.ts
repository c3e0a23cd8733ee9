import { CanonicalError, type ChatEvent } from "@interlingua/core";

/**
 * An error as the gateway's caller should see it: an upstream that refused the gateway's own
 * credentials (401/403, `authentication` or `permission`) is a 502 "upstream authentication failed",
 * never the caller's authentication error, which would make the caller doubt a key that was accepted.
 * Every other error is returned as it is.
 */
export function asCallerError(error: CanonicalError): CanonicalError {
  if (error.kind !== "authentication" && error.kind !== "permission") return error;
  return new CanonicalError(
    "unavailable",
    `Upstream authentication failed: the upstream refused the gateway's credentials (HTTP ${error.upstream?.status ?? error.status}).`,
    { status: 502, code: "upstream_authentication_failed" },
  );
}

/** {@link asCallerError} for a stream event: an upstream `error` event of either kind becomes the 502. */
export function asCallerEvent(event: ChatEvent): ChatEvent {
  if (event.type !== "error" || (event.error.kind !== "authentication" && event.error.kind !== "permission"))
    return event;
  return { type: "error", error: asCallerError(CanonicalError.fromData(event.error)).toData() };
}
