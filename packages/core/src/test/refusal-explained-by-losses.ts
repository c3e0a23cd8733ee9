import type { Loss } from "../conversion/loss";
import { CanonicalError } from "../errors/canonical-error";
import { isAtOrBelow } from "./json-leaves";

/** A refusal's `param` (`input`, `generation_config.temperature`, `messages[0]`) as a JSON pointer. */
function paramPointer(param: string): string {
  return `/${param
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .join("/")}`;
}

/**
 * Whether the source's encoder refusing, on the detector's way back, is explained by what the way
 * back itself reported dropped: a clear `invalid_request` naming a field (`input`) at or above which
 * one of `losses` (the way back's, in the source's terms) says something was dropped (a foreign
 * hosted call the source format cannot take, which left no input). The caller never sees such a
 * refusal: it is the detector's own round trip. A refusal no such loss explains stays a finding.
 */
export function refusalExplainedByLosses(thrown: unknown, losses: readonly Loss[]): boolean {
  if (!CanonicalError.isInstance(thrown) || thrown.kind !== "invalid_request") return false;
  const param = thrown.param;
  if (param === undefined || param === "") return false;
  const field = paramPointer(param);
  return losses.some((loss) => loss.code === "dropped" && isAtOrBelow(loss.path, field));
}
