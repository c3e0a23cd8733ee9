import { CanonicalError } from "@interlingua/core";

/** The 405 for a method an endpoint does not answer; `param` lists the allowed ones for the `Allow` header. */
export function methodNotAllowed(method: string, allowed: readonly string[]): CanonicalError {
  const list = allowed.join(", ");
  return new CanonicalError("method_not_allowed", `Method ${method} is not allowed here; use ${list}.`, {
    code: "method_not_allowed",
    param: list,
  });
}
