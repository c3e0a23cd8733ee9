import { CanonicalError } from "@interlingua/core";
import type * as z from "zod/mini";

/**
 * Parses `value` with `schema`, or throws an `invalid_request` error naming the first offending
 * field as a dotted path (`input.0.type`), as the API's `INVALID_ARGUMENT` answers do.
 */
export function assertInteractionsWire(schema: z.ZodMiniType, value: unknown): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const issue = result.error.issues[0];
  const param = issue?.path.map(String).join(".") ?? "";
  throw new CanonicalError(
    "invalid_request",
    param ? `Invalid value at '${param}': ${issue?.message}` : (issue?.message ?? "Invalid request"),
    { param: param || undefined, cause: result.error },
  );
}
