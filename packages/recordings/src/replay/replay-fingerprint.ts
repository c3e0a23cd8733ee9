import type { ChatRequest, Message, Part } from "@interlingua/core";

/** Which parts of a request {@link createReplayFingerprint} takes into account besides the conversation. */
export interface ReplayFingerprintOptions {
  /** Include the model name (default false: any model name replays the same recording). */
  model?: boolean;
  /** Include the instructions' text (default true). */
  instructions?: boolean;
  /** Include the names of the offered tools (default true). */
  tools?: boolean;
}

/** Turns a canonical request into the key recordings are matched by. */
export type ReplayFingerprint = (request: ChatRequest) => string;

/**
 * The fingerprint the replay provider matches requests by, as documented in `docs/recordings.md`:
 * a stable JSON text of the conversation, reduced to what every format carries the same way:
 * each message's role (a turn of only tool results counts as `tool`) and its parts (text trimmed;
 * media by kind and source; tool calls by name and arguments; tool results by their content, JSON
 * text by its value;
 * reasoning, ids, cache hints and vendor extensions left out, since clients echo them differently),
 * plus the instructions' text and the tool names unless switched off, and the model if asked.
 */
export function createReplayFingerprint(options: ReplayFingerprintOptions = {}): ReplayFingerprint {
  return (request) =>
    JSON.stringify({
      model: options.model ? request.model : undefined,
      instructions:
        options.instructions === false
          ? undefined
          : request.instructions?.flatMap((instruction) => instruction.parts.map((part) => part.text.trim())),
      tools:
        options.tools === false
          ? undefined
          : request.tools?.map((tool) => (tool.type === "function" ? tool.name : tool.kind)).sort(),
      messages: request.messages.map(fingerprintMessage).filter((message) => message.parts.length > 0),
    });
}

/** The default fingerprint: conversation, instructions and tool names; not the model. */
export const replayFingerprint: ReplayFingerprint = createReplayFingerprint();

function fingerprintMessage(message: Message): { role: string; parts: unknown[] } {
  const role = message.parts.every((part) => part.type === "tool-result") ? "tool" : message.role;
  return { role, parts: message.parts.flatMap(fingerprintPart) };
}

/** Tool output text that is JSON counts as its value: some formats carry it as an object, respaced. */
function fingerprintResultContent(part: Part): unknown[] {
  if (part.type !== "text") return fingerprintPart(part);
  try {
    return [{ json: JSON.parse(part.text) }];
  } catch {
    return fingerprintPart(part);
  }
}

function fingerprintPart(part: Part): unknown[] {
  switch (part.type) {
    case "text":
      return part.text.trim() === "" ? [] : [part.text.trim()];
    case "media":
      return [{ media: part.kind, source: part.source }];
    case "tool-call":
      return [{ call: part.name, arguments: part.arguments }];
    case "tool-result":
      return [{ result: part.content.flatMap(fingerprintResultContent) }];
    case "reasoning":
      return [];
    case "code":
    case "code-result":
    case "refusal":
    case "hosted-tool-call":
    case "hosted-tool-result":
      return [{ type: part.type }];
    default: {
      const unknownPart: never = part;
      return [unknownPart];
    }
  }
}
