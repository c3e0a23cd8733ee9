import { OpaqueState, type Part, ReasoningPart, type ToolCallPart } from "@interlingua/core";
import * as z from "zod/mini";

/**
 * The format tag of state a tool call carries for the reasoning before it. Sealed like any other
 * foreign state, it reaches the client inside the envelope on the call's own signature field.
 */
export const carriedReasoningFormat = "carried-reasoning";

/**
 * The reasoning parts before a tool call (each with how many parts other than reasoning came
 * before it since the previous tool call), and the call's own state, carried on the call.
 */
const CarriedReasoning = z.object({
  reasoning: z
    .array(z.object({ part: ReasoningPart, after: z.int().check(z.minimum(0)) }))
    .check(z.minLength(1)),
  signature: z.optional(OpaqueState),
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
  const carrier = createReasoningCarrier(needsCarrying);
  return parts.map((part) => carrier.next(part));
}

/** Follows an answer part by part; see {@link createReasoningCarrier}. */
export interface ReasoningCarrier {
  /** The part as it goes out: a tool call with the reasoning before it carried, any other part as it is. */
  next(part: Part): Part;
}

/** A {@link ReasoningCarrier}: {@link carryReasoningOnToolCalls} for parts that come one at a time. */
export function createReasoningCarrier(needsCarrying: (part: ReasoningPart) => boolean): ReasoningCarrier {
  let pending: CarriedReasoning["reasoning"] = [];
  let othersSinceCall = 0;
  return {
    next(part) {
      if (part.type === "reasoning") {
        if (needsCarrying(part)) pending.push({ part, after: othersSinceCall });
        return part;
      }
      if (part.type !== "tool-call") {
        othersSinceCall++;
        return part;
      }
      const carried = pending.length === 0 ? part : carryReasoning(part, pending);
      pending = [];
      othersSinceCall = 0;
      return carried;
    },
  };
}

/** The call with `reasoning` (and its own state, if any) in its signature. */
function carryReasoning(call: ToolCallPart, reasoning: CarriedReasoning["reasoning"]): ToolCallPart {
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
