import type { CacheHint, MediaPart, MediaSource, Part, TextPart, ToolResultPart } from "@interlingua/core";
import { extraFields, isRecord, messagesExtensions } from "./extra-fields";
import { citationFromMessages } from "./messages-citation";
import { decodeSearchResultBlock } from "./search-result-block";

type WireBlock = Record<string, unknown> & { type: string };

const known = {
  text: new Set(["type", "text", "citations", "cache_control"]),
  image: new Set(["type", "source", "cache_control"]),
  document: new Set(["type", "source", "title", "cache_control"]),
  thinking: new Set(["type", "thinking", "signature"]),
  redactedThinking: new Set(["type", "data"]),
  toolUse: new Set(["type", "id", "name", "input", "cache_control"]),
  toolResult: new Set(["type", "tool_use_id", "content", "is_error", "cache_control"]),
  serverToolUse: new Set(["type", "id", "name", "input"]),
  serverToolResult: new Set(["type", "tool_use_id", "content"]),
  mediaSource: new Set(["type", "media_type", "data", "url", "file_id"]),
};

const serverToolResultSuffix = "_tool_result";

/** The cache hint of a block's `cache_control`, when it has one. */
export function cacheFromMessages(cacheControl: unknown): CacheHint | undefined {
  if (!isRecord(cacheControl) || cacheControl.type !== "ephemeral") return undefined;
  return typeof cacheControl.ttl === "string"
    ? { type: "ephemeral", ttl: cacheControl.ttl }
    : { type: "ephemeral" };
}

/** A text block as a canonical text part. */
export function decodeMessagesTextBlock(block: Record<string, unknown>): TextPart {
  const part: TextPart = { type: "text", text: block.text as string };
  if (Array.isArray(block.citations)) part.citations = block.citations.map(citationFromMessages);
  const cache = cacheFromMessages(block.cache_control);
  if (cache) part.cache = cache;
  const extensions = messagesExtensions(extraFields(block, known.text));
  if (extensions) part.extensions = extensions;
  return part;
}

function decodeMediaSource(wire: Record<string, unknown>): { source: MediaSource; mediaType?: string } {
  switch (wire.type) {
    case "base64":
      return { source: { type: "base64", data: wire.data as string }, mediaType: wire.media_type as string };
    case "text":
      return { source: { type: "text", text: wire.data as string }, mediaType: wire.media_type as string };
    case "url":
      return { source: { type: "url", url: wire.url as string } };
    case "file":
      return { source: { type: "file-id", fileId: wire.file_id as string } };
    default: {
      // A `content` document source: its text, joined; the blocks themselves stay in extensions.
      const content = wire.content;
      const text =
        typeof content === "string"
          ? content
          : (content as Record<string, unknown>[])
              .flatMap((block) => (block.type === "text" ? [block.text as string] : []))
              .join("\n\n");
      return { source: { type: "text", text } };
    }
  }
}

function decodeMediaBlock(block: Record<string, unknown>, kind: "image" | "document"): MediaPart {
  const wireSource = block.source as Record<string, unknown>;
  const { source, mediaType } = decodeMediaSource(wireSource);
  const part: MediaPart = { type: "media", kind, source };
  if (mediaType !== undefined) part.mediaType = mediaType;
  if (kind === "document" && typeof block.title === "string") part.title = block.title;
  const cache = cacheFromMessages(block.cache_control);
  if (cache) part.cache = cache;
  let extra = extraFields(block, kind === "image" ? known.image : known.document);
  const sourceExtra = wireSource.type === "content" ? wireSource : extraFields(wireSource, known.mediaSource);
  if (sourceExtra) extra = { ...extra, source: sourceExtra };
  const extensions = messagesExtensions(extra);
  if (extensions) part.extensions = extensions;
  return part;
}

function decodeToolResult(
  block: Record<string, unknown>,
  toolNames: ReadonlyMap<string, string>,
): ToolResultPart {
  const part: ToolResultPart = { type: "tool-result", callId: block.tool_use_id as string, content: [] };
  const name = toolNames.get(part.callId);
  if (name !== undefined) part.name = name;
  let extra = extraFields(block, known.toolResult);
  const content = block.content;
  if (typeof content === "string") {
    part.content.push({ type: "text", text: content });
    extra = { ...extra, contentForm: "string" };
  } else if (Array.isArray(content)) {
    let opaque = false;
    for (const inner of content as WireBlock[]) {
      const decoded = decodeMessagesBlock(inner, toolNames);
      if (decoded?.type === "text" || decoded?.type === "media") part.content.push(decoded);
      else opaque = true;
    }
    // Blocks the canonical model cannot hold (tool references): keep them all.
    if (opaque) extra = { ...extra, content };
    // An empty list, which goes back as it came (another format's empty result goes without).
    else if (content.length === 0) extra = { ...extra, contentForm: "list" };
  } else if (content === undefined) {
    extra = { ...extra, contentForm: "absent" };
  }
  if (block.is_error === true || block.is_error === false) part.isError = block.is_error;
  const cache = cacheFromMessages(block.cache_control);
  if (cache) part.cache = cache;
  const extensions = messagesExtensions(extra);
  if (extensions) part.extensions = extensions;
  return part;
}

/**
 * A messages content block (request or response) as a canonical part (a search result as a text
 * part that remembers its block), or undefined for blocks the canonical model has no part for
 * (container uploads, tool references, unknown types), which the caller keeps opaque. `toolNames` maps earlier `tool_use` ids to names, to name tool results.
 */
export function decodeMessagesBlock(
  block: WireBlock,
  toolNames: ReadonlyMap<string, string>,
): Part | undefined {
  switch (block.type) {
    case "text":
      return decodeMessagesTextBlock(block);
    case "image":
      return decodeMediaBlock(block, "image");
    case "document":
      return decodeMediaBlock(block, "document");
    case "thinking": {
      const extensions = messagesExtensions(extraFields(block, known.thinking));
      return {
        type: "reasoning",
        text: block.thinking as string,
        signature: { format: "messages", data: block.signature as string },
        ...(extensions && { extensions }),
      };
    }
    case "redacted_thinking": {
      const extensions = messagesExtensions(extraFields(block, known.redactedThinking));
      return {
        type: "reasoning",
        redacted: true,
        signature: { format: "messages", data: block.data as string },
        ...(extensions && { extensions }),
      };
    }
    case "tool_use": {
      const cache = cacheFromMessages(block.cache_control);
      const extensions = messagesExtensions(extraFields(block, known.toolUse));
      return {
        type: "tool-call",
        id: block.id as string,
        name: block.name as string,
        arguments: block.input,
        ...(cache && { cache }),
        ...(extensions && { extensions }),
      };
    }
    case "tool_result":
      return decodeToolResult(block, toolNames);
    case "search_result":
      return decodeSearchResultBlock(block);
    case "server_tool_use":
      // Hosted parts always carry `extensions.messages`: it marks them as this format's own.
      return {
        type: "hosted-tool-call",
        id: block.id as string,
        tool: block.name as string,
        input: block.input,
        extensions: { messages: extraFields(block, known.serverToolUse) ?? {} },
      };
    default: {
      if (!block.type.endsWith(serverToolResultSuffix)) return undefined;
      const content = block.content;
      const isError =
        isRecord(content) && typeof content.type === "string" && content.type.endsWith("_error");
      return {
        type: "hosted-tool-result",
        callId: block.tool_use_id as string,
        tool: block.type.slice(0, -serverToolResultSuffix.length),
        output: content,
        ...(isError && { isError }),
        extensions: { messages: extraFields(block, known.serverToolResult) ?? {} },
      };
    }
  }
}
