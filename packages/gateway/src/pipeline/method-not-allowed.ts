import { CanonicalError } from "@interlingua/core";

/**
 * The 405 for a method an endpoint does not answer; `allowed` (`"GET, DELETE"`) goes in `param`, for
 * the `Allow` header.
 */
export function methodNotAllowed(method: string, allowed: string): CanonicalError {
  return new CanonicalError("method_not_allowed", `Method ${method} is not allowed here; use ${allowed}.`, {
    code: "method_not_allowed",
    param: allowed,
  });
}
