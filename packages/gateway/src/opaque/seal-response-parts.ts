import type { OpaqueState, Part } from "@interlingua/core";
import { carryReasoningOnToolCalls } from "./carried-reasoning";
import type { OpaqueSealer } from "./create-opaque-sealer";

/** A part that can carry opaque state (text, tool call and reasoning parts). */
type SignedPart = Part & { signature?: OpaqueState };

/** The front a response is sealed for. */
export interface SealingFront {
  /** The front's format id. */
  format: string;
  /** Whether the front's tool calls have a field of their own for opaque state. */
  toolCallsCarryState: boolean;
}

/** Whether {@link sealPart} would change the part: it carries opaque state from another format. */
export function partNeedsSealing(part: Part, front: SealingFront): boolean {
  const signature = (part as SignedPart).signature;
  return signature !== undefined && signature.format !== front.format;
}

/**
 * The part with opaque state from another format sealed into the front format's own field:
 * `{ format: front, data: envelope }`. A tool call whose front has no such field carries its state
 * in a sealed id instead. Parts without foreign state come back unchanged.
 */
export async function sealPart(part: Part, front: SealingFront, sealer: OpaqueSealer): Promise<Part> {
  const signature = (part as SignedPart).signature;
  if (!signature || signature.format === front.format) return part;
  if (part.type === "tool-call" && !front.toolCallsCarryState) {
    const { signature: _sealed, ...call } = part;
    return { ...call, id: await sealer.sealCallId(part.id, signature) };
  }
  return { ...part, signature: { format: front.format, data: await sealer.seal(signature) } } as Part;
}

/**
 * {@link sealPart} over every part of a response's output. For a front whose tool calls carry
 * state, foreign reasoning before a tool call also rides, sealed, on the call's signature: its
 * clients may keep only that (see {@link carryReasoningOnToolCalls}).
 */
export async function sealResponseParts(
  parts: readonly Part[],
  front: SealingFront,
  sealer: OpaqueSealer,
): Promise<Part[]> {
  const carried = front.toolCallsCarryState
    ? carryReasoningOnToolCalls(parts, (part) => partNeedsSealing(part, front))
    : parts;
  return Promise.all(carried.map((part) => sealPart(part, front, sealer)));
}
