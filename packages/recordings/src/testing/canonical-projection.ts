import {
  type ChatEvent,
  type ChatRequest,
  type ChatResponse,
  createResponseAccumulator,
  type Message,
  type Part,
} from "@interlingua/core";
import type { CanonicalExchange } from "../canonical/decode-exchange";

/**
 * What a conversion must carry between any two formats: the conversation's roles and the content
 * of its parts, the tool names, the answer's parts, finish reason and token counts, and an error's
 * kind. Ids, vendor extensions and opaque state are left out: they are format-specific by nature,
 * and conversions record a loss when they drop them.
 */
export function canonicalProjection(exchange: CanonicalExchange): unknown {
  return {
    request: exchange.request && projectRequest(exchange.request),
    response: exchange.response && projectResponse(exchange.response),
    stream: exchange.events && projectStream(exchange.events),
    error: exchange.error && { kind: exchange.error.kind },
  };
}

function projectRequest(request: ChatRequest): unknown {
  return {
    instructions: request.instructions?.flatMap((instruction) => instruction.parts.map((part) => part.text)),
    conversation: request.messages.flatMap((message) =>
      message.parts
        .filter(hasContent)
        .map((part) => ({ role: roleOf(message, part), part: projectPart(part) })),
    ),
    tools: request.tools?.map((tool) => (tool.type === "function" ? tool.name : tool.type)),
  };
}

/**
 * Tool results count as the `tool` role whether a format sends them inside a user message or on
 * their own; the conversation is compared part by part, since formats group parts into messages
 * differently (one user message holding text and tool results becomes two items elsewhere).
 */
function roleOf(message: Message, part: Part): string {
  return part.type === "tool-result" ? "tool" : message.role;
}

function projectStream(events: ChatEvent[]): unknown {
  const accumulator = createResponseAccumulator();
  for (const event of events) accumulator.add(event);
  const last = events.at(-1);
  if (last?.type === "error") return { error: last.error.kind };
  return last?.type === "response-end" ? projectResponse(accumulator.result()) : { unended: true };
}

function projectResponse(response: ChatResponse): unknown {
  return {
    parts: response.parts.filter(hasContent).map(projectPart),
    finishReason: response.finishReason.reason,
    inputTokens: response.usage.inputTokens,
    outputTokens: response.usage.outputTokens,
  };
}

/** An empty text part says nothing; formats differ in whether they keep one. */
function hasContent(part: Part): boolean {
  return part.type !== "text" || part.text !== "";
}

function projectPart(part: Part): unknown {
  switch (part.type) {
    case "text":
      return { text: part.text };
    case "media":
      return { media: part.kind, source: part.source };
    case "tool-call":
      return { call: part.name, arguments: part.arguments };
    case "tool-result":
      return { result: part.content.filter(hasContent).map(projectPart), isError: part.isError ?? false };
    case "reasoning":
      return { reasoning: part.text ?? part.summary?.join("\n\n") ?? "" };
    case "code":
    case "code-result":
    case "refusal":
    case "hosted-tool-call":
    case "hosted-tool-result":
      return { type: part.type };
    default: {
      const unknownPart: never = part;
      return unknownPart;
    }
  }
}
