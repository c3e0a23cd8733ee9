import { OpaqueState, type Part, ReasoningPart, type ToolCallPart } from "@interlingua/core";
import { z } from "zod";

/**
 * The format tag of state a tool call carries for the reasoning before it. Sealed like any other
 * foreign state, it reaches the client inside the envelope on the call's own signature field.
 */
export const carriedReasoningFormat = "carried-reasoning";

/** The reasoning parts before a tool call, and the call's own state, carried on the call. */
const CarriedReasoning = z.object({
  reasoning: z.array(ReasoningPart).min(1),
  signature: OpaqueState.optional(),
});
/** See {@link CarriedReasoning}. */
export type CarriedReasoning = z.infer<typeof CarriedReasoning>;

/**
 * The parts with each run of reasoning that `needsCarrying` (state a client of the front may
 * drop) also carried by the tool call after it, in the call's signature: for fronts whose clients
 * keep a tool call's state but drop reasoning parts from their history (Gemini CLI keeps
 * `thoughtSignature` on `functionCall` parts only). The reasoning parts stay where they are.
 */
export function carryReasoningOnToolCalls(
  parts: readonly Part[],
  needsCarrying: (part: ReasoningPart) => boolean,
): Part[] {
  let pending: ReasoningPart[] = [];
  return parts.map((part) => {
    if (part.type === "reasoning" && needsCarrying(part)) pending.push(part);
    if (part.type !== "tool-call" || pending.length === 0) return part;
    const carried = carryReasoning(part, pending);
    pending = [];
    return carried;
  });
}

/** The call with `reasoning` (and its own state, if any) in its signature. */
export function carryReasoning(call: ToolCallPart, reasoning: readonly ReasoningPart[]): ToolCallPart {
  const carried: CarriedReasoning = { reasoning: [...reasoning] };
  if (call.signature) carried.signature = call.signature;
  return { ...call, signature: { format: carriedReasoningFormat, data: JSON.stringify(carried) } };
}

/** What an opened call signature carries, when it is carried reasoning; undefined otherwise. */
export function readCarriedReasoning(state: OpaqueState): CarriedReasoning | undefined {
  if (state.format !== carriedReasoningFormat) return undefined;
  try {
    const parsed = CarriedReasoning.safeParse(JSON.parse(state.data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
