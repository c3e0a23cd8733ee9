import type { ConversionContext } from "@interlingua/core";

/** A tool call's canonical id, and the wire id to remember when it differs. */
export interface CallIdentity {
  /** The canonical id: the wire id, or a new one when the wire has none or repeats one. */
  id: string;
  /** Marks for the part's extensions: `idAbsent`, or the repeated `wireId`. */
  marks?: { idAbsent?: true; wireId?: string };
}

/**
 * Gives tool calls unique ids within one answer, tolerating servers that omit them (Ollama, some
 * vLLM builds) or repeat them: such a call gets a new id, and what the wire said is marked so that
 * a same-format re-encoding gives it back. With `seed` (the answer's id) the new ids derive from it
 * and the call's position (`call_<seed>_2`, `<repeated id>_2`), so decoding the same answer twice
 * gives the same ids; without, they come from the context.
 */
export function createCallIdentities(
  context: ConversionContext,
  seed?: string,
): (wireId: unknown) => CallIdentity {
  const seen = new Set<string>();
  const safeSeed = seed?.replace(/[^A-Za-z0-9_-]/g, "_");
  let position = 0;
  const fresh = (base: string | undefined): string => {
    if (base === undefined) return context.generateId("call");
    let id = `${base}_${position}`;
    while (seen.has(id)) id = `${id}_`;
    return id;
  };
  return (wireId) => {
    position++;
    if (typeof wireId !== "string" || wireId === "") {
      const id = fresh(safeSeed === undefined ? undefined : `call_${safeSeed}`);
      seen.add(id);
      return { id, marks: { idAbsent: true } };
    }
    if (seen.has(wireId)) {
      const id = fresh(safeSeed === undefined ? undefined : wireId);
      seen.add(id);
      return { id, marks: { wireId } };
    }
    seen.add(wireId);
    return { id: wireId };
  };
}
