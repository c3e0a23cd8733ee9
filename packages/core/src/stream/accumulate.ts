import { CanonicalError } from "../errors/canonical-error";
import type { ChatEvent } from "../model/chat-event";
import type { ChatResponse } from "../model/chat-response";
import type { Extensions } from "../model/extensions";
import type { Part } from "../model/part";
import { mergeUsage } from "./merge-usage";

/** Extensions `update` laid over `base`, format by format and field by field. */
function mergeExtensions(base: Extensions | undefined, update: Extensions): Extensions {
  if (!base) return update;
  const merged: Extensions = { ...base };
  for (const [format, fields] of Object.entries(update)) merged[format] = { ...base[format], ...fields };
  return merged;
}

interface PartialPart {
  kind: string;
  id?: string;
  name?: string;
  text: string;
  signature: string;
  part?: Part;
}

/** Builds a {@link ChatResponse} from canonical events pushed one at a time. */
export interface ResponseAccumulator {
  /** Takes the next event. */
  add(event: ChatEvent): void;
  /** The response so far; throws `unavailable` when the stream has not ended. */
  result(): ChatResponse;
}

/** Creates a {@link ResponseAccumulator}. */
export function createResponseAccumulator(): ResponseAccumulator {
  const response: ChatResponse = {
    id: "",
    model: "",
    parts: [],
    finishReason: { reason: "other" },
    usage: {},
    status: "in_progress",
  };
  const parts = new Map<number, PartialPart>();
  let ended = false;

  return {
    add(event) {
      switch (event.type) {
        case "response-start":
          response.id = event.id;
          response.model = event.model;
          if (event.created !== undefined) response.created = event.created;
          if (event.usage) response.usage = mergeUsage(response.usage, event.usage);
          if (event.extensions) response.extensions = mergeExtensions(response.extensions, event.extensions);
          return;
        case "part-start":
          parts.set(event.index, {
            kind: event.kind,
            id: event.id,
            name: event.name,
            text: "",
            signature: "",
          });
          return;
        case "text-delta":
        case "reasoning-delta":
        case "tool-arguments-delta": {
          const part = parts.get(event.index);
          if (part && (event.type !== "reasoning-delta" || event.summaryIndex === undefined))
            part.text += event.text;
          return;
        }
        case "signature-delta": {
          const part = parts.get(event.index);
          if (part) part.signature += event.signature;
          return;
        }
        case "part-end": {
          const part = parts.get(event.index);
          if (part) part.part = event.part;
          else parts.set(event.index, { kind: event.part.type, text: "", signature: "", part: event.part });
          return;
        }
        case "usage":
          response.usage = mergeUsage(response.usage, event.usage);
          return;
        case "response-end":
          ended = true;
          response.finishReason = event.finishReason;
          response.usage = mergeUsage(response.usage, event.usage);
          response.status = event.status ?? "completed";
          if (event.stopSequence !== undefined) response.stopSequence = event.stopSequence;
          if (event.candidates) response.candidates = event.candidates;
          if (event.extensions) response.extensions = mergeExtensions(response.extensions, event.extensions);
          return;
        case "error":
          ended = true;
          response.status = "failed";
          response.finishReason = { reason: "error" };
          response.error = event.error;
          return;
        // Progress says how a hosted call went while it ran; its part's end holds the result.
        case "tool-progress":
        case "citation-delta":
        case "keepalive":
          return;
        default: {
          const unknown: never = event;
          throw new TypeError(`Unknown chat event ${JSON.stringify(unknown)}`);
        }
      }
    },
    result() {
      if (!ended)
        throw new CanonicalError("unavailable", "The stream ended before the response was complete");
      response.parts = [...parts.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, partial]) => partial.part ?? partFromDeltas(partial))
        .filter((part): part is Part => part !== undefined);
      return response;
    },
  };
}

/** Builds a part that never got its `part-end` from its deltas (a stream cut short). */
function partFromDeltas(partial: PartialPart): Part | undefined {
  switch (partial.kind) {
    case "text":
      return { type: "text", text: partial.text };
    case "reasoning":
      return partial.signature
        ? { type: "reasoning", text: partial.text, signature: { format: "unknown", data: partial.signature } }
        : { type: "reasoning", text: partial.text };
    case "tool-call":
      return {
        type: "tool-call",
        id: partial.id ?? "",
        name: partial.name ?? "",
        arguments: undefined,
        rawArguments: partial.text,
      };
    default:
      return undefined;
  }
}

/**
 * Reads canonical events to the end and returns the whole response. A stream that fails ends as a
 * response with `status: "failed"` and its `error`; one that stops without a terminal event throws.
 */
export async function accumulate(
  events: ReadableStream<ChatEvent> | AsyncIterable<ChatEvent> | Iterable<ChatEvent>,
): Promise<ChatResponse> {
  const accumulator = createResponseAccumulator();
  if (events instanceof ReadableStream) {
    const reader = events.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      accumulator.add(value);
    }
  } else {
    for await (const event of events) accumulator.add(event);
  }
  return accumulator.result();
}
