import type { Citation, Part, ReasoningPart, RefusalPart, TextPart, ToolCallPart } from "@interlingua/core";
import {
  chatCompletionsFormatId,
  isWireObject,
  remainingFields,
  type WireObject,
  withChatCompletionsExtensions,
} from "../chat-completions-extensions";
import { decodeChatCompletionsArguments } from "./chat-completions-arguments";
import { decodeChatCompletionsAudio } from "./chat-completions-audio";
import type { CallIdentity } from "./chat-completions-call-ids";
import { decodeChatCompletionsAnnotation } from "./chat-completions-citations";
import { decodeReasoningDetails } from "./chat-completions-reasoning-details";
import { type ChatCompletionsReasoningTags, splitReasoningTags } from "./chat-completions-reasoning-tags";
import { decodeTextContentPart } from "./decode-chat-completions-content";

/** Where an assistant message comes from: a request's history, or an answer (whose nulls are the defaults). */
export type AssistantMessageMode = "request" | "response";

/** An assistant message as canonical parts, and its fields with no canonical place. */
export interface DecodedAssistantMessage {
  parts: Part[];
  rest?: WireObject;
}

/**
 * An assistant message (of a request's history or of an answer) as canonical parts, in the order
 * reasoning, content (text and refusal parts), `refusal`, `tool_calls`, an answer's `audio` (an
 * audio media part), legacy `function_call`.
 * Reasoning text is read from `reasoning_content` (DeepSeek, vLLM, llama.cpp) or `reasoning`
 * (OpenRouter, Ollama), whichever is there, and OpenRouter's `reasoning_details` is kept as opaque
 * state of this format. Tool calls get unique ids through `identify`. `annotations` become the
 * text's citations. With `reasoningTags` (the dialect's), an answer's content that opens with them
 * gives its reasoning too.
 */
export function decodeAssistantMessage(
  message: WireObject,
  mode: AssistantMessageMode,
  identify: (wireId: unknown) => CallIdentity,
  reasoningTags?: ChatCompletionsReasoningTags,
): DecodedAssistantMessage {
  const consumed = ["role"];
  const marks: WireObject = {};
  const parts: Part[] = [];

  const reasoning = decodeReasoning(message, consumed);
  if (reasoning) parts.push(reasoning);

  let content = message.content;
  if (typeof content === "string" && mode === "response" && reasoningTags && !reasoning) {
    // Reasoning inside the content's tags (a server without a reasoning parser), as a stream of it reads.
    const split = splitReasoningTags(content, reasoningTags);
    if (split.reasoning !== undefined) parts.push({ type: "reasoning", text: split.reasoning });
    if (split.reasoning !== undefined || split.text !== content)
      content = split.text === "" ? null : split.text;
  }
  if (typeof content === "string") {
    const text: TextPart = { type: "text", text: content };
    if (mode === "response" && Array.isArray(message.annotations)) {
      text.citations = (message.annotations as WireObject[]).map(decodeAnnotationOrKeep);
      consumed.push("annotations");
    }
    parts.push(text);
    consumed.push("content");
  } else if (Array.isArray(content)) {
    for (const part of content as WireObject[]) {
      if (part.type === "refusal")
        parts.push(
          withChatCompletionsExtensions<RefusalPart>(
            { type: "refusal", text: part.refusal as string },
            remainingFields(part, ["type", "refusal"]),
          ),
        );
      else parts.push(decodeTextContentPart(part));
    }
    marks.contentForm = "parts";
    consumed.push("content");
  } else if (content === null && mode === "response") consumed.push("content");
  else if (content === undefined) marks.contentAbsent = true;

  if (typeof message.refusal === "string") {
    parts.push({ type: "refusal", text: message.refusal });
    consumed.push("refusal");
  } else if (message.refusal === null && mode === "response") consumed.push("refusal");
  else if (message.refusal === undefined && mode === "response") marks.refusalAbsent = true;

  if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
    for (const call of message.tool_calls as WireObject[]) parts.push(decodeToolCall(call, identify));
    consumed.push("tool_calls");
  }
  if (mode === "response" && isWireObject(message.audio)) {
    parts.push(decodeChatCompletionsAudio(message.audio));
    consumed.push("audio");
  }
  if (isWireObject(message.function_call)) {
    const call = decodeToolCall({ type: "function", function: message.function_call }, identify);
    call.extensions = { [chatCompletionsFormatId]: { legacyFunctionCall: true } };
    parts.push(call);
    consumed.push("function_call");
  }
  const rest = remainingFields(message, consumed);
  const fields = rest === undefined ? marks : { ...rest, ...marks };
  return Object.keys(fields).length > 0 ? { parts, rest: fields } : { parts };
}

function decodeAnnotationOrKeep(annotation: unknown): Citation {
  return isWireObject(annotation)
    ? decodeChatCompletionsAnnotation(annotation)
    : { kind: "other", extensions: { [chatCompletionsFormatId]: { annotation } } };
}

/** `reasoning_content` or `reasoning`, and `reasoning_details`, as one reasoning part. */
function decodeReasoning(message: WireObject, consumed: string[]): ReasoningPart | undefined {
  const field =
    typeof message.reasoning_content === "string"
      ? "reasoning_content"
      : typeof message.reasoning === "string"
        ? "reasoning"
        : undefined;
  const details = Array.isArray(message.reasoning_details) ? message.reasoning_details : undefined;
  if (field === undefined && details === undefined) return undefined;
  const part: ReasoningPart = { type: "reasoning" };
  if (field !== undefined) {
    part.text = message[field] as string;
    consumed.push(field);
  }
  if (details !== undefined) {
    part.signature = { format: chatCompletionsFormatId, data: decodeReasoningDetails(details) };
    consumed.push("reasoning_details");
  }
  part.extensions = { [chatCompletionsFormatId]: { field: field ?? "reasoning" } };
  return part;
}

/**
 * One `tool_calls` entry as a tool call. A function call's arguments are parsed (the text kept when
 * it would not re-serialise the same); a call of another type (`custom`) is kept whole as `call`.
 */
export function decodeToolCall(call: WireObject, identify: (wireId: unknown) => CallIdentity): ToolCallPart {
  const identity = identify(call.id);
  const fn = call.function as WireObject | undefined;
  if ((call.type !== undefined && call.type !== "function") || !isWireObject(fn)) {
    const custom = (call.custom ?? {}) as WireObject;
    return {
      type: "tool-call",
      id: identity.id,
      name: String(custom.name ?? call.type),
      arguments: custom.input,
      extensions: { [chatCompletionsFormatId]: { call } },
    };
  }
  const text = typeof fn.arguments === "string" ? fn.arguments : "";
  const decoded = decodeChatCompletionsArguments(text);
  const part: ToolCallPart = {
    type: "tool-call",
    id: identity.id,
    name: fn.name as string,
    arguments: decoded.arguments,
  };
  if (decoded.rawArguments !== undefined) part.rawArguments = decoded.rawArguments;
  const rest: WireObject = { ...remainingFields(call, ["id", "type", "function"]), ...identity.marks };
  if (call.type === undefined) rest.typeAbsent = true;
  const fnConsumed = ["name"];
  if (!decoded.keepText && typeof fn.arguments === "string") fnConsumed.push("arguments");
  const fnRest = remainingFields(fn, fnConsumed);
  if (fnRest !== undefined) rest.function = fnRest;
  return withChatCompletionsExtensions(part, rest);
}
