import {
  type ChatRequest,
  type ConversionContext,
  type Message,
  type OpaqueState,
  type Part,
  pointer,
} from "@interlingua/core";
import { type CarriedReasoning, readCarriedReasoning } from "./carried-reasoning";
import type { OpaqueSealer } from "./create-opaque-sealer";

type SignedPart = Part & { signature?: OpaqueState };

/**
 * The request with everything the gateway sealed opened again: envelopes in opaque fields, and
 * tool-call ids that carry state (tool results that name such an id get the original id back).
 * State made by `backendFormat` goes back to it as it was; state made by another format is dropped
 * with a loss (only its own backend could read it). Reasoning a tool call carried for a client that
 * dropped it goes back before the message's parts, unless the message still has it. With no `backendFormat` (a custom provider that
 * speaks none of ours) the opened state is handed over as is. A forged or altered envelope or id is
 * an `invalid_request` error.
 */
export async function unsealRequest(
  request: ChatRequest,
  backendFormat: string | undefined,
  sealer: OpaqueSealer,
  context: ConversionContext,
): Promise<ChatRequest> {
  const readable = (state: OpaqueState, path: string): boolean => {
    if (backendFormat === undefined || state.format === backendFormat) return true;
    context.lose(
      "dropped",
      path,
      `opaque state from the ${state.format} format cannot be read by a ${backendFormat} backend`,
    );
    return false;
  };

  /** The part opened, and the reasoning its call carried (see `carryReasoningOnToolCalls`). */
  const unsealPart = async (
    part: Part,
    path: string,
  ): Promise<{ part: Part; carried: CarriedReasoning["reasoning"] }> => {
    if (part.type === "tool-result" && sealer.isSealedCallId(part.callId)) {
      const opened = await sealer.openCallId(part.callId, pointer(path, "callId"));
      return { part: { ...part, callId: opened.id }, carried: [] };
    }
    let result = part;
    if (part.type === "tool-call" && sealer.isSealedCallId(part.id)) {
      const opened = await sealer.openCallId(part.id, pointer(path, "id"));
      result = { ...part, id: opened.id };
      if (readable(opened.state, pointer(path, "id"))) result.signature = opened.state;
    }
    const signature = (result as SignedPart).signature;
    if (!signature || !sealer.isEnvelope(signature.data)) return { part: result, carried: [] };
    const signaturePath = pointer(path, "signature");
    const opened = await sealer.open(signature.data, signaturePath);
    const { signature: _sealed, ...unsigned } = result as SignedPart;
    const carried = result.type === "tool-call" ? readCarriedReasoning(opened) : undefined;
    if (carried) {
      const reasoning = carried.reasoning.filter(
        ({ part: reasoningPart }) =>
          !reasoningPart.signature || readable(reasoningPart.signature, signaturePath),
      );
      const own =
        carried.signature && readable(carried.signature, signaturePath) ? carried.signature : undefined;
      return { part: (own ? { ...unsigned, signature: own } : unsigned) as Part, carried: reasoning };
    }
    if (readable(opened, signaturePath))
      return { part: { ...result, signature: opened } as Part, carried: [] };
    return { part: unsigned as Part, carried: [] };
  };

  /**
   * A message's parts opened. Reasoning a tool call carried that the message lacks goes back where
   * it was answered, between the parts after the previous tool call, so a client that dropped only
   * reasoning parts gets its turn back in the backend's own order.
   */
  const unsealMessage = async (message: Message, messageIndex: number): Promise<Message> => {
    const opened = await Promise.all(
      message.parts.map((part, partIndex) =>
        unsealPart(part, pointer("/messages", messageIndex, "parts", partIndex)),
      ),
    );
    const present = new Set(
      opened.flatMap(({ part }) =>
        part.type === "reasoning" && part.signature ? [part.signature.data] : [],
      ),
    );
    const parts: Part[] = [];
    let segmentStart = 0;
    let restored = false;
    for (const { part, carried } of opened) {
      const missing = carried.filter(({ part: reasoning }) => !present.has(reasoning.signature?.data ?? ""));
      if (missing.length > 0) {
        parts.push(...withReasoning(parts.splice(segmentStart), missing));
        restored = true;
      }
      parts.push(part);
      if (part.type === "tool-call") segmentStart = parts.length;
    }
    if (!restored && parts.every((part, index) => part === message.parts[index])) return message;
    return { ...message, parts };
  };

  let changed = false;
  const messages = await Promise.all(
    request.messages.map(async (message, messageIndex) => {
      const opened = await unsealMessage(message, messageIndex);
      if (opened !== message) changed = true;
      return opened;
    }),
  );
  return changed ? { ...request, messages } : request;
}

/** `segment` with each reasoning part put back after as many of its other parts as it came after. */
function withReasoning(segment: Part[], reasoning: CarriedReasoning["reasoning"]): Part[] {
  const result: Part[] = [];
  let others = 0;
  let next = 0;
  for (const part of segment) {
    if (part.type !== "reasoning") {
      while (next < reasoning.length && reasoning[next]!.after <= others)
        result.push(reasoning[next++]!.part);
      others++;
    }
    result.push(part);
  }
  while (next < reasoning.length) result.push(reasoning[next++]!.part);
  return result;
}
