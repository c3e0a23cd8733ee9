import type { Part, ToolCallPart } from "@interlingua/core";
import { isWireObject, type WireObject } from "../chat-completions-extensions";
import { decodeChatCompletionsArguments } from "../message/chat-completions-arguments";
import {
  type AudioAccumulator,
  accumulatedAudio,
  collectAudioDelta,
  createAudioAccumulator,
} from "../message/chat-completions-audio";
import type { CallIdentity } from "../message/chat-completions-call-ids";
import { decodeChatCompletionsAnnotation } from "../message/chat-completions-citations";
import {
  type ChatCompletionsReasoningTags,
  splitReasoningTags,
} from "../message/chat-completions-reasoning-tags";

/** What the deltas of one streamed choice (beyond the first) have said so far. */
export interface ChoiceAccumulator {
  reasoning: string;
  content: string;
  refusal: string;
  annotations: WireObject[];
  calls: Map<number, { id?: string; name: string; text: string }>;
  audio?: AudioAccumulator;
  finishReason?: string;
}

/** An empty {@link ChoiceAccumulator}. */
export function createChoiceAccumulator(): ChoiceAccumulator {
  return { reasoning: "", content: "", refusal: "", annotations: [], calls: new Map() };
}

/** Adds one streamed choice's delta (and finish reason) to its accumulator. */
export function collectChoiceDelta(accumulator: ChoiceAccumulator, choice: WireObject): void {
  const delta = isWireObject(choice.delta) ? choice.delta : {};
  if (typeof delta.reasoning_content === "string") accumulator.reasoning += delta.reasoning_content;
  else if (typeof delta.reasoning === "string") accumulator.reasoning += delta.reasoning;
  if (typeof delta.content === "string") accumulator.content += delta.content;
  if (typeof delta.refusal === "string") accumulator.refusal += delta.refusal;
  if (Array.isArray(delta.annotations))
    for (const annotation of delta.annotations as unknown[])
      if (isWireObject(annotation)) accumulator.annotations.push(annotation);
  if (Array.isArray(delta.tool_calls))
    (delta.tool_calls as unknown[]).forEach((call, position) => {
      if (!isWireObject(call)) return;
      const index = typeof call.index === "number" ? call.index : position;
      const fn = isWireObject(call.function) ? call.function : {};
      const entry = accumulator.calls.get(index) ?? { name: "", text: "" };
      accumulator.calls.set(index, entry);
      if (typeof call.id === "string" && entry.id === undefined) entry.id = call.id;
      if (typeof fn.name === "string" && entry.name === "") entry.name = fn.name;
      if (typeof fn.arguments === "string") entry.text += fn.arguments;
    });
  if (isWireObject(delta.audio)) {
    accumulator.audio ??= createAudioAccumulator();
    collectAudioDelta(accumulator.audio, delta.audio);
  }
  if (typeof choice.finish_reason === "string") accumulator.finishReason = choice.finish_reason;
}

/**
 * The canonical parts of an accumulated choice: reasoning, text (with its citations), refusal, its
 * calls in order, then its audio. With `reasoningTags` (the dialect's), content that opens with them
 * gives the reasoning.
 */
export function choiceParts(
  accumulator: ChoiceAccumulator,
  identify: (wireId: unknown) => CallIdentity,
  reasoningTags?: ChatCompletionsReasoningTags,
): Part[] {
  const parts: Part[] = [];
  if (accumulator.reasoning !== "") parts.push({ type: "reasoning", text: accumulator.reasoning });
  else if (reasoningTags) {
    const split = splitReasoningTags(accumulator.content, reasoningTags);
    if (split.reasoning !== undefined) parts.push({ type: "reasoning", text: split.reasoning });
    accumulator.content = split.text;
  }
  if (accumulator.annotations.length > 0)
    parts.push({
      type: "text",
      text: accumulator.content,
      citations: accumulator.annotations.map(decodeChatCompletionsAnnotation),
    });
  else if (accumulator.content !== "") parts.push({ type: "text", text: accumulator.content });
  if (accumulator.refusal !== "") parts.push({ type: "refusal", text: accumulator.refusal });
  for (const [, call] of [...accumulator.calls.entries()].sort(([a], [b]) => a - b)) {
    const identity = identify(call.id);
    const decoded = decodeChatCompletionsArguments(call.text);
    const part: ToolCallPart = {
      type: "tool-call",
      id: identity.id,
      name: call.name,
      arguments: decoded.arguments,
    };
    if (decoded.rawArguments !== undefined) part.rawArguments = decoded.rawArguments;
    parts.push(part);
  }
  if (accumulator.audio !== undefined) parts.push(accumulatedAudio(accumulator.audio));
  return parts;
}
