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
 * a stable JSON text of what every format carries the same way. That is the conversation's parts
 * in order, each with its speaker's role (tool results as `tool`; how parts are grouped into
 * messages is left out, since formats group them differently), and each part's content: text
 * trimmed, media by kind and source, tool calls by name and arguments, tool results by their
 * content (JSON text by its value). Reasoning, ids, cache hints and vendor extensions are left out,
 * since clients echo them differently. The instructions' text and the tool names count unless
 * switched off, the model only if asked.
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
      conversation: request.messages.flatMap(fingerprintMessage),
    });
}

/** The default fingerprint: conversation, instructions and tool names; not the model. */
export const replayFingerprint: ReplayFingerprint = createReplayFingerprint();

/**
 * A message's parts, each with its speaker's role (tool results as `tool`): formats group parts
 * into messages differently (text and tool results in one user message, or as separate items).
 */
function fingerprintMessage(message: Message): unknown[] {
  return message.parts.flatMap((part) =>
    fingerprintPart(part).map((content) => [part.type === "tool-result" ? "tool" : message.role, content]),
  );
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
