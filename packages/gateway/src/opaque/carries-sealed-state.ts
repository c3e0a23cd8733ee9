import { legacyOpaqueEnvelopePrefix, opaqueEnvelopePrefix, sealedCallIdPrefix } from "./create-opaque-sealer";

/**
 * Whether a parsed request body holds a string that starts like state this gateway sealed (an
 * envelope or a sealed tool-call id), anywhere in it: then it must be opened and checked, not passed
 * through. It looks at parsed values, so no JSON spelling of the prefix (`"\u0061Wwy…"`) hides it.
 * The walk is iterative, so no nesting depth overflows the call stack.
 */
export function carriesSealedState(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (
        value.startsWith(opaqueEnvelopePrefix) ||
        value.startsWith(legacyOpaqueEnvelopePrefix) ||
        value.startsWith(sealedCallIdPrefix)
      )
        return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (typeof value === "object" && value !== null) {
      for (const key in value) pending.push((value as Record<string, unknown>)[key]);
    }
  }
  return false;
}
