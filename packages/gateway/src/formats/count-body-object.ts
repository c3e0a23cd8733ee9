import { CanonicalError } from "@interlingua/core";

/** The counting body as a JSON object, or an `invalid_request` error saying it must be one. */
export function countBodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new CanonicalError("invalid_request", "The request body must be a JSON object.", {
      code: "invalid_request",
    });
  return body as Record<string, unknown>;
}

/**
 * The non-negative integer at `field` of an upstream's counting answer, or an `unavailable` error
 * (502): an answer without its count is not a count.
 */
export function readCountField(body: unknown, field: string): number {
  const value =
    typeof body === "object" && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0)
    throw new CanonicalError("unavailable", `The upstream's count answer has no valid '${field}'.`, {
      status: 502,
      code: "upstream_bad_response",
    });
  return value;
}
