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
 * vLLM builds) or repeat them: such a call gets a new id from the context, and what the wire said is
 * marked so that a same-format re-encoding gives it back.
 */
export function createCallIdentities(context: ConversionContext): (wireId: unknown) => CallIdentity {
  const seen = new Set<string>();
  return (wireId) => {
    if (typeof wireId !== "string" || wireId === "") {
      const id = context.generateId("call");
      seen.add(id);
      return { id, marks: { idAbsent: true } };
    }
    if (seen.has(wireId)) {
      const id = context.generateId("call");
      seen.add(id);
      return { id, marks: { wireId } };
    }
    seen.add(wireId);
    return { id: wireId };
  };
}
