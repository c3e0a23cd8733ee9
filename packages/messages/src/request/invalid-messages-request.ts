import { CanonicalError } from "@interlingua/core";
import type * as z from "zod/mini";

type Issue = z.core.$ZodIssue;

/** The most specific issue: inside a union, the branch that got furthest. */
function deepestIssue(issue: Issue, base: PropertyKey[]): { path: PropertyKey[]; message: string } {
  const path = [...base, ...issue.path];
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    let best: { path: PropertyKey[]; message: string } | undefined;
    for (const branch of issue.errors) {
      const first = branch[0];
      if (!first) continue;
      const candidate = deepestIssue(first, path);
      if (!best || candidate.path.length > best.path.length) best = candidate;
    }
    if (best) return best;
  }
  return { path, message: issue.message };
}

/** A zod validation failure of a caller's request as an `invalid_request` error naming the field. */
export function invalidMessagesRequest(error: z.core.$ZodError): CanonicalError {
  const first = error.issues[0];
  if (!first) return new CanonicalError("invalid_request", "Invalid request body");
  const { path, message } = deepestIssue(first, []);
  const param = path.length > 0 ? path.map(String).join(".") : undefined;
  return new CanonicalError("invalid_request", message, { param });
}
