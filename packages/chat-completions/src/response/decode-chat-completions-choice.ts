import type { FinishReason, Part } from "@interlingua/core";
import { remainingFields, type WireObject } from "../chat-completions-extensions";
import type { CallIdentity } from "../message/chat-completions-call-ids";
import type { ChatCompletionsReasoningTags } from "../message/chat-completions-reasoning-tags";
import { decodeAssistantMessage } from "../message/decode-chat-completions-assistant";
import { decodeChatCompletionsFinishReason, isKnownFinishReason } from "./chat-completions-finish-reason";

/** One choice of an answer as canonical parts, finish reason and the fields with no canonical place. */
export interface DecodedChoice {
  parts: Part[];
  finishReason: FinishReason;
  /** `choice` (the choice's own other fields) and `message` (the message's), when there are any. */
  fields: WireObject;
}

/**
 * A choice as canonical parts and finish reason. A `finish_reason` the format does not define (a
 * server's own) is kept in the choice's fields as it came, and the canonical reason is `other`.
 * `reasoningTags` are the dialect's.
 */
export function decodeChatCompletionsChoice(
  choice: WireObject,
  identify: (wireId: unknown) => CallIdentity,
  reasoningTags?: ChatCompletionsReasoningTags,
): DecodedChoice {
  const { parts, rest } = decodeAssistantMessage(
    choice.message as WireObject,
    "response",
    identify,
    reasoningTags,
  );
  const finishReason = decodeChatCompletionsFinishReason(choice.finish_reason, outputOf(parts));
  const consumed = ["index", "message"];
  if (isKnownFinishReason(choice.finish_reason)) consumed.push("finish_reason");
  const fields: WireObject = {};
  const choiceRest = remainingFields(choice, consumed) ?? {};
  // Servers that leave out `logprobs` (Ollama, DeepSeek's tool calls) get none back.
  if (choice.logprobs === undefined) choiceRest.logprobsAbsent = true;
  if (Object.keys(choiceRest).length > 0) fields.choice = choiceRest;
  if (rest !== undefined) fields.message = rest;
  return { parts, finishReason, fields };
}

/** What the finish reason of an answer with these parts depends on. */
export function outputOf(parts: readonly Part[]): { calledTools: boolean; refused: boolean } {
  return {
    calledTools: parts.some((part) => part.type === "tool-call"),
    refused: parts.some((part) => part.type === "refusal" && part.text !== ""),
  };
}
