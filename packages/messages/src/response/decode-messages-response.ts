import {
  CanonicalError,
  type ChatResponse,
  type ConversionContext,
  type Part,
  pointer,
  traceExtensions,
  traceFields,
} from "@interlingua/core";
import { decodeMessagesBlock } from "../shared/decode-messages-block";
import { extraFields } from "../shared/extra-fields";
import {
  finerStopReason,
  finishReasonFromMessages,
  isUnknownStopReason,
  ownStopReasonKey,
} from "../shared/messages-stop-reason";
import { usageFromMessages } from "../shared/messages-usage";
import { MessagesResponse } from "../wire/messages-response";

const responseKnown = new Set([
  "id",
  "type",
  "role",
  "model",
  "content",
  "stop_reason",
  "stop_sequence",
  "usage",
]);
/** Canonical response fields and the messages fields they come from, for loss paths. */
export const messagesResponseSources: Record<string, string> = {
  "/id": "/id",
  "/model": "/model",
  "/finishReason": "/stop_reason",
  "/status": "/stop_reason",
  "/stopSequence": "/stop_sequence",
  "/usage": "/usage",
};
const nullImplied = new Set(["stop_sequence"]);
/** The stop reasons of an answer cut short (`incomplete`). */
export const incompleteStopReasons: ReadonlySet<string> = new Set([
  "max_tokens",
  "model_context_window_exceeded",
]);

/**
 * Converts a messages response body. Blocks the canonical model has no part for stay in
 * `extensions.messages.opaqueBlocks` with their position; other unmapped fields (`stop_details`,
 * `container`, ...) stay in `extensions.messages`.
 */
export function decodeMessagesResponse(wire: unknown, context: ConversionContext): ChatResponse {
  context.startSource();
  const parsed = MessagesResponse.safeParse(wire);
  if (!parsed.success) {
    throw new CanonicalError("internal", `Malformed messages response: ${parsed.error.issues[0]?.message}`, {
      cause: parsed.error,
    });
  }
  const body = parsed.data;
  const parts: Part[] = [];
  const opaqueBlocks: { index: number; block: unknown }[] = [];
  const toolNames = new Map<string, string>();
  body.content.forEach((block, index) => {
    const part = decodeMessagesBlock(block, toolNames);
    if (part === undefined) {
      // A block kept whole is that block: another format's loss of it points there.
      const kept = pointer("/extensions/messages/opaqueBlocks", opaqueBlocks.push({ index, block }) - 1);
      context.trace(pointer(kept, "block"), pointer("/content", index), true);
      return;
    }
    const canonical = pointer("/parts", parts.push(part) - 1);
    context.trace(canonical, pointer("/content", index));
    const kept = Object.keys(part.extensions?.messages ?? {});
    traceExtensions(context, body, "messages", kept, { canonical, source: pointer("/content", index) });
  });
  traceFields(context, body, messagesResponseSources);
  const response: ChatResponse = {
    id: body.id,
    model: body.model,
    parts,
    finishReason: finishReasonFromMessages(body.stop_reason),
    usage: usageFromMessages(body.usage),
    status: body.stop_reason && incompleteStopReasons.has(body.stop_reason) ? "incomplete" : "completed",
  };
  if (typeof body.stop_sequence === "string") response.stopSequence = body.stop_sequence;
  const usageKept = Object.keys(response.usage.extensions?.messages ?? {});
  traceExtensions(context, body, "messages", usageKept, { canonical: "/usage", source: "/usage" });
  const finer = finerStopReason(body.stop_reason);
  const extra = { ...extraFields(body, responseKnown, nullImplied), ...(finer && { stop_reason: finer }) };
  const own = isUnknownStopReason(body.stop_reason);
  const kept = Object.keys(extra).length > 0;
  if (kept) traceExtensions(context, body, "messages", Object.keys(extra));
  if (kept || opaqueBlocks.length > 0 || own) {
    response.extensions = {
      messages: {
        ...extra,
        ...(opaqueBlocks.length > 0 && { opaqueBlocks }),
        ...(own && { [ownStopReasonKey]: true }),
      },
    };
  }
  return response;
}
