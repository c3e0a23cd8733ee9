import { CanonicalError } from "./canonical-error";

/**
 * Turns anything thrown into a {@link CanonicalError}: canonical errors pass through, zod errors
 * become `invalid_request` naming the first offending path, a `TimeoutError` becomes `timeout`,
 * and everything else is `internal`.
 */
export function toCanonicalError(thrown: unknown): CanonicalError {
  if (CanonicalError.isInstance(thrown)) return thrown;
  if (isZodError(thrown)) {
    const issue = thrown.issues[0];
    const param = issue && issue.path.length > 0 ? issue.path.map(String).join(".") : undefined;
    const message = issue ? `${param ? `${param}: ` : ""}${issue.message}` : "Invalid request";
    return new CanonicalError("invalid_request", message, { param, cause: thrown });
  }
  if (thrown instanceof Error && thrown.name === "TimeoutError") {
    return new CanonicalError("timeout", thrown.message || "The operation timed out", { cause: thrown });
  }
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new CanonicalError("internal", message || "Internal error", { cause: thrown });
}

interface ZodLikeError {
  name: string;
  issues: { path: PropertyKey[]; message: string }[];
}

function isZodError(value: unknown): value is ZodLikeError {
  return (
    value instanceof Error &&
    // "$ZodError" from zod/mini (what these packages use), "ZodError" from zod's classic API.
    (value.name === "$ZodError" || value.name === "ZodError") &&
    Array.isArray((value as unknown as ZodLikeError).issues)
  );
}
