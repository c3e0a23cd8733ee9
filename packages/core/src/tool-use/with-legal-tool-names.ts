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

/** The loss of one place a renamed function name is said in a request. */
function loseRename(context: ConversionContext, path: string, name: string, wire: string): void {
  context.lose(
    "approximated",
    path,
    `the function name ${JSON.stringify(name)} is sent as ${wire}, a name the backend takes; answers name it ${JSON.stringify(name)} again`,
  );
}

/** `choice` with its renamed names, each rename a loss at its place in the choice. */
function renameChoiceWithLosses(
  choice: ToolChoice,
  names: ReadonlyMap<string, string>,
  context: ConversionContext,
): ToolChoice {
  if (choice.type === "tool" && names.has(choice.name))
    loseRename(context, "/toolChoice/name", choice.name, names.get(choice.name)!);
  if ((choice.type === "auto" || choice.type === "required") && choice.allowed)
    choice.allowed.forEach((name, index) => {
      if (names.has(name)) loseRename(context, pointer("/toolChoice/allowed", index), name, names.get(name)!);
    });
  return renameChoice(choice, names);
}

/**
 * `request` with every function name its format does not take renamed (see {@link toolNamesFor}),
 * each rename an `approximated` loss at every place the name is said (the tool, the tool choice, a
 * call or a named result in a turn), so the caller learns which of its own fields the backend read
 * otherwise; the request itself when no name is renamed.
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
    loseRename(context, pointer("/tools", index, "name"), tool.name, sent.get(tool.name)!);
    return { ...tool, name: sent.get(tool.name)! };
  });
  const toolChoice = request.toolChoice && renameChoiceWithLosses(request.toolChoice, sent, context);
  request.messages.forEach((message, messageIndex) => {
    message.parts.forEach((part, partIndex) => {
      const name = part.type === "tool-call" || part.type === "tool-result" ? part.name : undefined;
      if (name !== undefined && sent.has(name))
        loseRename(
          context,
          pointer("/messages", messageIndex, "parts", partIndex, "name"),
          name,
          sent.get(name)!,
        );
    });
  });
  const result: ChatRequest = {
    ...request,
    messages: request.messages.map((message) => ({ ...message, parts: renameParts(message.parts, sent) })),
  };
  if (tools) result.tools = tools;
  if (toolChoice) result.toolChoice = toolChoice;
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
