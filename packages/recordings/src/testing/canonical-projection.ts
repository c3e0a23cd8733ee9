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
    messages: request.messages.map((message) => ({
      role: roleOf(message),
      parts: message.parts.map(projectPart),
    })),
    tools: request.tools?.map((tool) => (tool.type === "function" ? tool.name : tool.type)),
  };
}

/** Tool results are a `tool` turn, whether a format sends them in a user message or on their own. */
function roleOf(message: Message): string {
  return message.parts.every((part) => part.type === "tool-result") ? "tool" : message.role;
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
    parts: response.parts.map(projectPart),
    finishReason: response.finishReason.reason,
    inputTokens: response.usage.inputTokens,
    outputTokens: response.usage.outputTokens,
  };
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
      return { result: part.content.map(projectPart), isError: part.isError ?? false };
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
