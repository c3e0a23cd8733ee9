import {
  type ChatRequest,
  type ConversionContext,
  type OpaqueState,
  type Part,
  pointer,
} from "@interlingua/core";
import type { OpaqueSealer } from "./create-opaque-sealer";

type SignedPart = Part & { signature?: OpaqueState };

/**
 * The request with everything the gateway sealed opened again: envelopes in opaque fields, and
 * tool-call ids that carry state (tool results that name such an id get the original id back).
 * State made by `backendFormat` goes back to it as it was; state made by another format is dropped
 * with a loss (only its own backend could read it). With no `backendFormat` (a custom provider that
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

  const unsealPart = async (part: Part, path: string): Promise<Part> => {
    if (part.type === "tool-result" && sealer.isSealedCallId(part.callId)) {
      const opened = await sealer.openCallId(part.callId, pointer(path, "callId"));
      return { ...part, callId: opened.id };
    }
    let result = part;
    if (part.type === "tool-call" && sealer.isSealedCallId(part.id)) {
      const opened = await sealer.openCallId(part.id, pointer(path, "id"));
      result = { ...part, id: opened.id };
      if (readable(opened.state, pointer(path, "id"))) result.signature = opened.state;
    }
    const signature = (result as SignedPart).signature;
    if (!signature || !sealer.isEnvelope(signature.data)) return result;
    const signaturePath = pointer(path, "signature");
    const opened = await sealer.open(signature.data, signaturePath);
    if (readable(opened, signaturePath)) return { ...result, signature: opened } as Part;
    const { signature: _dropped, ...rest } = result as SignedPart;
    return rest as Part;
  };

  let changed = false;
  const messages = await Promise.all(
    request.messages.map(async (message, messageIndex) => {
      const parts = await Promise.all(
        message.parts.map((part, partIndex) =>
          unsealPart(part, pointer("/messages", messageIndex, "parts", partIndex)),
        ),
      );
      if (parts.every((part, index) => part === message.parts[index])) return message;
      changed = true;
      return { ...message, parts };
    }),
  );
  return changed ? { ...request, messages } : request;
}
