import {
  type ChatResponse,
  type ConversionContext,
  pointer,
  reportForeignAnswerFields,
  reportUnsayableCreationTime,
  reportUnsayableStatus,
  reportUnsplitUsage,
  type Usage,
  usageAccounting,
  usageFromWire,
  usageToWire,
} from "@interlingua/core";
import { encodeMessagesPart } from "../shared/encode-messages-part";
import { messageStartBlocksKey } from "../shared/message-start-blocks";
import { ownStopReasonKey, stopReasonToMessages } from "../shared/messages-stop-reason";
import { usageToMessages } from "../shared/messages-usage";
import type { MessagesResponse } from "../wire/messages-response";
import { incompleteStopReasons } from "./decode-messages-response";

/** Why a tool result in a response is left out, streamed or not. */
export const toolResultOutputLoss = "tool-result output is not supported by the messages format";

/**
 * Reports the counts a messages `usage` has no field for, whole or streamed: reasoning tokens (counted in `output_tokens` only,
 * unless the upstream's own `output_tokens_details` says them) and a vendor's total; each a loss
 * where it said something (a count of 0, or a total that is the sum of input and output, does not),
 * and an input its cache counts exceed (`reportUnsplitUsage`).
 */
export function loseUncountedUsage(usage: Usage, context: ConversionContext): void {
  const details = usage.extensions?.messages?.output_tokens_details as
    | { thinking_tokens?: unknown }
    | undefined;
  if (usage.reasoningTokens && details?.thinking_tokens !== usage.reasoningTokens)
    context.lose(
      "dropped",
      "/usage/reasoningTokens",
      "the messages usage does not count reasoning tokens apart",
    );
  // The total a messages client adds up from what it is sent (an input below its cache counts is sent as 0).
  const sent = usageFromWire(usageToWire(usage, usageAccounting.messages), usageAccounting.messages);
  const implied = (sent.inputTokens ?? 0) + (sent.outputTokens ?? 0);
  if (usage.totalTokens !== undefined && usage.totalTokens !== implied)
    context.lose("dropped", "/usage/totalTokens", "the messages usage has no total");
  reportUnsplitUsage(usage, usageAccounting.messages, "messages", context);
}

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
  for (const index of (response.candidates ?? []).keys())
    context.lose("dropped", pointer("/candidates", index), "the messages format answers with one candidate");
  loseUncountedUsage(response.usage, context);
  reportUnsayableStatus(response, "messages", context);
  reportUnsayableCreationTime(response.created, "messages", context);
  reportForeignAnswerFields(response, "messages", context);
  const stopReason = stopReasonToMessages(
    response.finishReason,
    context,
    "/finishReason",
    ownStopReason === true,
  );
  // Only a token limit's stop reasons read as an answer cut short, and pause_turn as one paused
  // to be continued (what an incomplete answer that paused says).
  if (
    response.status === "incomplete" &&
    !incompleteStopReasons.has(stopReason ?? "") &&
    !(stopReason === "pause_turn" && response.finishReason.reason === "pause")
  )
    context.lose(
      "approximated",
      "/status",
      `an incomplete answer sent with stop_reason ${stopReason} reads as finished`,
    );
  return {
    ...extra,
    id: response.id,
    type: "message",
    role: "assistant",
    model: response.model,
    content: content as MessagesResponse["content"],
    stop_reason: stopReason,
    stop_sequence: response.stopSequence ?? null,
    usage: usageToMessages(response.usage, { required: "input-and-output" }),
  };
}
