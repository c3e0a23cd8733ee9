import {
  type ChatResponse,
  type ConversionContext,
  type FinishReason,
  type Part,
  reportForeignAnswerFields,
  reportUnsayableStatus,
} from "@interlingua/core";
import { type ChatCompletionsDialect, defaultChatCompletionsDialect } from "../chat-completions-dialect";
import { assignWireFields, chatCompletionsExtensions, type WireObject } from "../chat-completions-extensions";
import { encodeAssistantMessage } from "../message/encode-chat-completions-assistant";
import type { ChatCompletionsResponse } from "../wire/chat-completions-response-schema";
import { encodeChatCompletionsFinishReason } from "./chat-completions-finish-reason";
import { encodeChatCompletionsUsage } from "./chat-completions-usage";
import { outputOf } from "./decode-chat-completions-choice";

/** Marks this codec keeps in a response's extensions, not wire fields. */
const responseMarks = ["choice", "message", "choicesEmpty", "objectAbsent", "usageAbsent"];

/**
 * A canonical response as a `chat.completion`: the parts as the first choice's message (reasoning
 * in `dialect`'s field), extra candidates as further choices, usage by the format's accounting. A
 * stop sequence is not named by the format: it is dropped with a loss.
 */
export function encodeChatCompletionsResponse(
  response: ChatResponse,
  context: ConversionContext,
  dialect: ChatCompletionsDialect = defaultChatCompletionsDialect,
): ChatCompletionsResponse {
  const fields = chatCompletionsExtensions(response) ?? {};
  const wire = assignWireFields({ id: response.id }, fields, responseMarks);
  if (fields.objectAbsent !== true) wire.object = "chat.completion";
  wire.created = response.created ?? Math.floor(context.now() / 1000);
  wire.model = response.model;
  const choices: WireObject[] = [];
  if (fields.choicesEmpty !== true)
    choices.push(encodeChoice(0, response.parts, response.finishReason, fields, dialect, context, "/parts"));
  response.candidates?.forEach((candidate, position) => {
    const candidateFields = chatCompletionsExtensions(candidate) ?? {};
    choices.push(
      encodeChoice(
        candidate.index,
        candidate.parts,
        candidate.finishReason,
        candidateFields,
        dialect,
        context,
        `/candidates/${position}/parts`,
      ),
    );
  });
  wire.choices = choices;
  if (fields.usageAbsent !== true) wire.usage = encodeChatCompletionsUsage(response.usage);
  if (response.usage.cacheWriteTokens)
    context.lose(
      "approximated",
      "/usage/cacheWriteTokens",
      "the chat-completions usage has no cache-write count: those tokens are counted as uncached prompt tokens",
    );
  reportUnsayableStatus(response, "chat-completions", context);
  if (response.stopSequence !== undefined)
    context.lose(
      "dropped",
      "/stopSequence",
      "the chat-completions format does not say which stop sequence matched",
    );
  reportForeignAnswerFields(response, "chat-completions", context);
  return wire as ChatCompletionsResponse;
}

function encodeChoice(
  index: number,
  parts: readonly Part[],
  finishReason: FinishReason | undefined,
  fields: WireObject,
  dialect: ChatCompletionsDialect,
  context: ConversionContext,
  path: string,
): WireObject {
  const choiceFields = fields.choice as WireObject | undefined;
  const choice: WireObject = {
    index,
    message: encodeAssistantMessage(
      parts,
      fields.message as WireObject | undefined,
      "response",
      dialect,
      context,
      path,
    ),
  };
  if (choiceFields?.logprobsAbsent !== true) choice.logprobs = null;
  choice.finish_reason = encodeChatCompletionsFinishReason(
    finishReason,
    context,
    path.replace(/\/parts$/, "/finishReason"),
    outputOf(parts),
  );
  // An answer that stated no reason (a messages `stop_reason: null`) gets a made-up `stop`, which
  // the format requires; a choice of this format keeps its own missing reason instead.
  if (
    finishReason?.reason === "other" &&
    finishReason.raw === undefined &&
    !("finish_reason" in (choiceFields ?? {}))
  )
    context.lose(
      "approximated",
      path.replace(/\/parts$/, "/finishReason"),
      "the answer stated no finish reason, which chat-completions requires: sent as stop",
    );
  return assignWireFields(choice, choiceFields, ["logprobsAbsent"]);
}
