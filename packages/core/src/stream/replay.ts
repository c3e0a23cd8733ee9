import type { ChatEvent } from "../model/chat-event";
import type { ChatResponse } from "../model/chat-response";
import type { Part } from "../model/part";
import { readableFrom } from "./readable-from";

/**
 * A whole response as the canonical events a stream of it would carry: `response-start`, each part
 * as start / deltas / end, then `response-end` (or `usage` and `error` for a failed response).
 * `accumulate(replayEvents(r))` gives back `r`.
 */
export function replayEvents(response: ChatResponse): ChatEvent[] {
  const events: ChatEvent[] = [];
  const start: ChatEvent = { type: "response-start", id: response.id, model: response.model };
  if (response.created !== undefined) start.created = response.created;
  events.push(start);
  for (const [index, part] of response.parts.entries()) pushPartEvents(events, part, index);
  if (response.status === "failed" && response.error) {
    events.push({ type: "usage", usage: response.usage });
    events.push({ type: "error", error: response.error });
    return events;
  }
  const end: ChatEvent = { type: "response-end", finishReason: response.finishReason, usage: response.usage };
  if (response.status !== "completed") end.status = response.status;
  if (response.stopSequence !== undefined) end.stopSequence = response.stopSequence;
  if (response.candidates) end.candidates = response.candidates;
  if (response.extensions) end.extensions = response.extensions;
  events.push(end);
  return events;
}

/** {@link replayEvents} as a stream, so a streaming caller can be served by a non-streaming backend. */
export function replay(response: ChatResponse): ReadableStream<ChatEvent> {
  return readableFrom(replayEvents(response));
}

function pushPartEvents(events: ChatEvent[], part: Part, index: number): void {
  switch (part.type) {
    case "text":
      events.push({ type: "part-start", index, kind: "text" });
      if (part.text) events.push({ type: "text-delta", index, text: part.text });
      for (const citation of part.citations ?? []) events.push({ type: "citation-delta", index, citation });
      break;
    case "tool-call":
      events.push({ type: "part-start", index, kind: "tool-call", id: part.id, name: part.name });
      events.push({
        type: "tool-arguments-delta",
        index,
        text: part.rawArguments ?? JSON.stringify(part.arguments ?? {}),
      });
      break;
    case "reasoning":
      events.push({ type: "part-start", index, kind: "reasoning" });
      if (part.text) events.push({ type: "reasoning-delta", index, text: part.text });
      part.summary?.forEach((text, summaryIndex) => {
        events.push({ type: "reasoning-delta", index, text, summaryIndex });
      });
      if (part.signature) events.push({ type: "signature-delta", index, signature: part.signature.data });
      break;
    case "hosted-tool-call":
      events.push({ type: "part-start", index, kind: part.type, id: part.id, name: part.tool });
      break;
    case "media":
    case "tool-result":
    case "code":
    case "code-result":
    case "refusal":
    case "hosted-tool-result":
      events.push({ type: "part-start", index, kind: part.type });
      break;
    default: {
      const unknown: never = part;
      throw new TypeError(`Unknown part ${JSON.stringify(unknown)}`);
    }
  }
  events.push({ type: "part-end", index, part });
}
