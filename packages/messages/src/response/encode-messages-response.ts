import { type ChatResponse, type ConversionContext, pointer } from "@interlingua/core";
import { encodeMessagesPart } from "../shared/encode-messages-part";
import { messageStartBlocksKey } from "../shared/message-start-blocks";
import { ownStopReasonKey, stopReasonToMessages } from "../shared/messages-stop-reason";
import { usageToMessages } from "../shared/messages-usage";
import type { MessagesResponse } from "../wire/messages-response";

/** Why a tool result in a response is left out, streamed or not. */
export const toolResultOutputLoss = "tool-result output is not supported by the messages format";

/** Converts a canonical response to a messages response body; parts it cannot carry are losses. */
export function encodeMessagesResponse(response: ChatResponse, context: ConversionContext): MessagesResponse {
  // A streamed response's count of message_start blocks means nothing in a whole body.
  const {
    opaqueBlocks,
    [messageStartBlocksKey]: _startBlocks,
    [ownStopReasonKey]: ownStopReason,
    ...extra
  } = response.extensions?.messages ?? {};
  const content: Record<string, unknown>[] = [];
  response.parts.forEach((part, index) => {
    // A tool result (a server-side one of another format) has no place in an assistant message.
    if (part.type === "tool-result") {
      context.lose("unsupported", pointer("/parts", index), toolResultOutputLoss);
      return;
    }
    // An assistant message has no media blocks (as the stream encoder says too).
    if (part.type === "media") {
      context.lose(
        "unsupported",
        pointer("/parts", index),
        "media output is not supported by the messages format",
      );
      return;
    }
    const block = encodeMessagesPart(part, context, pointer("/parts", index));
    if (block) content.push(block);
  });
  if (Array.isArray(opaqueBlocks)) {
    for (const { index, block } of opaqueBlocks as { index: number; block: Record<string, unknown> }[]) {
      content.splice(index, 0, block);
    }
  }
  if (response.candidates?.length)
    context.lose("dropped", "/candidates", "the messages format answers with one candidate");
  return {
    ...extra,
    id: response.id,
    type: "message",
    role: "assistant",
    model: response.model,
    content: content as MessagesResponse["content"],
    stop_reason: stopReasonToMessages(
      response.finishReason,
      context,
      "/finishReason",
      ownStopReason === true,
    ),
    stop_sequence: response.stopSequence ?? null,
    usage: usageToMessages(response.usage, { required: "input-and-output" }),
  };
}
