import {
  type ChatRequest,
  type ConversionContext,
  type Message,
  type OpaqueState,
  type Part,
  pointer,
} from "@interlingua/core";
import { readCarriedReasoning } from "./carried-reasoning";
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
  const unsealPart = async (part: Part, path: string): Promise<{ part: Part; carried: Part[] }> => {
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
        (reasoningPart) => !reasoningPart.signature || readable(reasoningPart.signature, signaturePath),
      );
      const own =
        carried.signature && readable(carried.signature, signaturePath) ? carried.signature : undefined;
      return { part: (own ? { ...unsigned, signature: own } : unsigned) as Part, carried: reasoning };
    }
    if (readable(opened, signaturePath))
      return { part: { ...result, signature: opened } as Part, carried: [] };
    return { part: unsigned as Part, carried: [] };
  };

  /** A message's parts opened; carried reasoning its own parts lack goes first, where it was answered. */
  const unsealMessage = async (message: Message, messageIndex: number): Promise<Message> => {
    const opened = await Promise.all(
      message.parts.map((part, partIndex) =>
        unsealPart(part, pointer("/messages", messageIndex, "parts", partIndex)),
      ),
    );
    const parts = opened.map((entry) => entry.part);
    const present = new Set(
      parts.flatMap((part) => (part.type === "reasoning" && part.signature ? [part.signature.data] : [])),
    );
    const restored = opened
      .flatMap((entry) => entry.carried)
      .filter((part) => part.type !== "reasoning" || !part.signature || !present.has(part.signature.data));
    if (restored.length === 0 && parts.every((part, index) => part === message.parts[index])) return message;
    return { ...message, parts: [...restored, ...parts] };
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
