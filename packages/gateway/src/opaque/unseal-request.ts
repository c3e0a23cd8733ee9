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
 * The request with every sealed envelope a client sent back opened: state made by `backendFormat`
 * goes back to it as it was; state made by another format is dropped with a loss (only its own
 * backend could read it). With no `backendFormat` (a custom provider that speaks none of ours) the
 * opened state is handed over as is. A forged or altered envelope is an `invalid_request` error.
 */
export async function unsealRequest(
  request: ChatRequest,
  backendFormat: string | undefined,
  sealer: OpaqueSealer,
  context: ConversionContext,
): Promise<ChatRequest> {
  let changed = false;
  const messages = await Promise.all(
    request.messages.map(async (message, messageIndex) => {
      let messageChanged = false;
      const parts = await Promise.all(
        message.parts.map(async (part, partIndex): Promise<Part> => {
          const signature = (part as SignedPart).signature;
          if (!signature || !sealer.isEnvelope(signature.data)) return part;
          messageChanged = true;
          const path = pointer("/messages", messageIndex, "parts", partIndex, "signature");
          const opened = await sealer.open(signature.data, path);
          if (backendFormat === undefined || opened.format === backendFormat)
            return { ...part, signature: opened } as Part;
          context.lose(
            "dropped",
            path,
            `opaque state from the ${opened.format} format cannot be read by a ${backendFormat} backend`,
          );
          const { signature: _dropped, ...rest } = part as SignedPart;
          return rest as Part;
        }),
      );
      if (!messageChanged) return message;
      changed = true;
      return { ...message, parts };
    }),
  );
  return changed ? { ...request, messages } : request;
}
