import { type ConversionContext, pointer } from "../conversion/conversion-context";
import type { ChatEvent } from "../model/chat-event";
import type { ChatRequest } from "../model/chat-request";
import type { ChatResponse } from "../model/chat-response";
import type { Part } from "../model/part";
import type { ToolChoice } from "../model/tool-choice";
import type { StreamTransformer } from "../stream/stream-transformer";
import { type ToolNameRule, type ToolNames, toolNamesFor } from "./tool-name-rule";

const renamed = (names: ReadonlyMap<string, string>, name: string) => names.get(name) ?? name;

function renameChoice(choice: ToolChoice, names: ReadonlyMap<string, string>): ToolChoice {
  if (choice.type === "tool") return { ...choice, name: renamed(names, choice.name) };
  if ((choice.type === "auto" || choice.type === "required") && choice.allowed)
    return { ...choice, allowed: choice.allowed.map((name) => renamed(names, name)) };
  return choice;
}

function renameParts(parts: readonly Part[], names: ReadonlyMap<string, string>): Part[] {
  return parts.map((part) => {
    if (part.type === "tool-call") return { ...part, name: renamed(names, part.name) };
    if (part.type === "tool-result" && part.name !== undefined)
      return { ...part, name: renamed(names, part.name) };
    return part;
  });
}

/**
 * `request` with every function name its format does not take renamed (see {@link toolNamesFor}),
 * each rename an `approximated` loss at the tool's path; the request itself when none is.
 */
export function withLegalToolNames(
  request: ChatRequest,
  rule: ToolNameRule,
  context: ConversionContext,
): ChatRequest {
  const { sent } = toolNamesFor(request, rule);
  if (sent.size === 0) return request;
  const tools = request.tools?.map((tool, index) => {
    if (tool.type !== "function" || !sent.has(tool.name)) return tool;
    context.lose(
      "approximated",
      pointer("/tools", index, "name"),
      `the tool name ${JSON.stringify(tool.name)} is sent as ${sent.get(tool.name)}, a name the backend takes; answers name it ${JSON.stringify(tool.name)} again`,
    );
    return { ...tool, name: sent.get(tool.name)! };
  });
  const listed = new Set(request.tools?.flatMap((tool) => (tool.type === "function" ? [tool.name] : [])));
  for (const [name, wire] of sent)
    if (!listed.has(name))
      context.lose(
        "approximated",
        "/messages",
        `the tool name ${JSON.stringify(name)} is sent as ${wire}, a name the backend takes`,
      );
  const result: ChatRequest = {
    ...request,
    messages: request.messages.map((message) => ({ ...message, parts: renameParts(message.parts, sent) })),
  };
  if (tools) result.tools = tools;
  if (request.toolChoice) result.toolChoice = renameChoice(request.toolChoice, sent);
  return result;
}

/** `response` with the tool calls of renamed functions named as the request named them. */
export function restoreToolNames(response: ChatResponse, names: ToolNames): ChatResponse {
  if (names.received.size === 0) return response;
  const restored: ChatResponse = { ...response, parts: renameParts(response.parts, names.received) };
  if (response.candidates)
    restored.candidates = response.candidates.map((candidate) => ({
      ...candidate,
      parts: renameParts(candidate.parts, names.received),
    }));
  return restored;
}

/** A transformer giving the tool calls of renamed functions, in a stream, their request's names. */
export function createToolNameRestorer(names: ToolNames): StreamTransformer<ChatEvent, ChatEvent> {
  const received = names.received;
  return {
    transform(event, controller) {
      if (event.type === "part-start" && event.kind === "tool-call" && event.name !== undefined)
        controller.enqueue({ ...event, name: renamed(received, event.name) });
      else if (event.type === "part-end")
        controller.enqueue({ ...event, part: renameParts([event.part], received)[0]! });
      else if (event.type === "response-end" && event.candidates)
        controller.enqueue({
          ...event,
          candidates: event.candidates.map((candidate) => ({
            ...candidate,
            parts: renameParts(candidate.parts, received),
          })),
        });
      else controller.enqueue(event);
    },
  };
}
