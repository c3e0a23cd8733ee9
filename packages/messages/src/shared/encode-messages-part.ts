import {
  type CacheHint,
  type ConversionContext,
  type MediaPart,
  type Part,
  pointer,
  type TextPart,
} from "@interlingua/core";
import { messagesImageMediaTypes } from "../wire/messages-content-block";
import { isRecord } from "./extra-fields";
import { citationToMessages } from "./messages-citation";
import { searchResultBlockOf } from "./search-result-block";

type WireBlock = Record<string, unknown>;

const imageMediaTypes = new Set<string>(messagesImageMediaTypes);

/** A cache hint as `cache_control`. */
export function cacheToMessages(cache: CacheHint): Record<string, unknown> {
  return cache.ttl === undefined ? { type: "ephemeral" } : { type: "ephemeral", ttl: cache.ttl };
}

/**
 * Whether a text part is empty, which the API refuses as a text block (`text`: `minLength: 1`):
 * such a part is left out, with a loss at `path`.
 */
export function leftOutEmptyText(part: Part, context: ConversionContext, path: string): boolean {
  if (part.type !== "text" || part.text !== "") return false;
  context.lose("dropped", path, "an empty text block, which the messages API refuses, is left out");
  return true;
}

/**
 * A canonical text part as a text block (citations from other formats dropped with a loss), or as
 * the `search_result` block it came from.
 */
export function encodeMessagesTextPart(part: TextPart, context: ConversionContext, path: string): WireBlock {
  const searchResult = searchResultBlockOf(part);
  if (searchResult) return searchResult;
  const block: WireBlock = { ...part.extensions?.messages, type: "text", text: part.text };
  if (part.citations) {
    const citations = [];
    for (const [index, citation] of part.citations.entries()) {
      const wire = citationToMessages(citation, context, pointer(path, "citations", index));
      if (wire) citations.push(wire);
    }
    block.citations = citations;
  }
  if (part.cache) block.cache_control = cacheToMessages(part.cache);
  if (part.signature) context.lose("dropped", pointer(path, "signature"), "text blocks carry no signature");
  return block;
}

function encodeMediaSource(
  part: MediaPart,
  extra: Record<string, unknown> | undefined,
  context: ConversionContext,
  path: string,
): WireBlock | undefined {
  const source = part.source;
  if (isRecord(extra) && extra.type === "content") return extra;
  switch (source.type) {
    case "base64": {
      const mediaType = part.mediaType ?? "";
      const allowed =
        part.kind === "image" ? imageMediaTypes.has(mediaType) : mediaType === "application/pdf";
      if (!allowed) {
        context.lose(
          "unsupported",
          path,
          `inline ${part.kind} of media type ${mediaType || "unknown"} is not accepted`,
        );
        return undefined;
      }
      return { ...extra, type: "base64", media_type: mediaType, data: source.data };
    }
    case "url":
      if (part.mediaType !== undefined)
        context.lose("dropped", pointer(path, "mediaType"), "a URL source has no media type in this format");
      return { ...extra, type: "url", url: source.url };
    case "file-id":
      return { ...extra, type: "file", file_id: source.fileId };
    case "text":
      if (part.kind === "document")
        return { ...extra, type: "text", media_type: "text/plain", data: source.text };
      context.lose("unsupported", path, "an image cannot be given as text");
      return undefined;
    default: {
      const unknown: never = source;
      throw new TypeError(`Unknown media source ${JSON.stringify(unknown)}`);
    }
  }
}

function encodeMediaPart(part: MediaPart, context: ConversionContext, path: string): WireBlock | undefined {
  if (part.kind !== "image" && part.kind !== "document") {
    context.lose("unsupported", path, `${part.kind} input is not supported by the messages format`);
    return undefined;
  }
  const { source: sourceExtra, ...extra } = part.extensions?.messages ?? {};
  const source = encodeMediaSource(part, sourceExtra as Record<string, unknown> | undefined, context, path);
  if (!source) return undefined;
  const block: WireBlock = { ...extra, type: part.kind, source };
  if (part.kind === "document" && part.title !== undefined) block.title = part.title;
  if (part.cache) block.cache_control = cacheToMessages(part.cache);
  if (part.detail !== undefined)
    context.lose("dropped", pointer(path, "detail"), "media detail has no messages equivalent");
  if (part.filename !== undefined && part.kind === "image")
    context.lose("dropped", pointer(path, "filename"), "images carry no file name");
  if (part.filename !== undefined && part.kind === "document" && part.title === undefined) {
    block.title = part.filename;
    // The nearest place for it: a title reads back as a title, not as the file's name.
    context.lose("approximated", pointer(path, "filename"), "a document's file name sent as its title");
  }
  return block;
}

/**
 * A canonical part as a messages content block, or undefined (with a loss recorded) when the
 * format cannot carry it: foreign opaque reasoning, hosted calls of other formats, audio, video,
 * code parts.
 */
export function encodeMessagesPart(
  part: Part,
  context: ConversionContext,
  path: string,
): WireBlock | undefined {
  switch (part.type) {
    case "text":
      return encodeMessagesTextPart(part, context, path);
    case "media":
      return encodeMediaPart(part, context, path);
    case "tool-call": {
      const block: WireBlock = {
        ...part.extensions?.messages,
        type: "tool_use",
        id: part.id,
        name: part.name,
      };
      if (isRecord(part.arguments)) block.input = part.arguments;
      else {
        block.input = {};
        context.lose(
          "approximated",
          pointer(path, "arguments"),
          "tool arguments that are not a JSON object sent as {}",
        );
      }
      if (part.cache) block.cache_control = cacheToMessages(part.cache);
      if (part.signature)
        context.lose("dropped", pointer(path, "signature"), "tool calls carry no signature");
      return block;
    }
    case "tool-result": {
      const { contentForm, ...extra } = part.extensions?.messages ?? {};
      const block: WireBlock = { ...extra, type: "tool_result", tool_use_id: part.callId };
      const allText = part.content.every((inner) => inner.type === "text");
      const text = allText ? part.content.map((inner) => (inner as TextPart).text).join("") : undefined;
      // Another format's empty result goes without content (optional in the spec): the API refuses
      // an empty text block, and an empty content says no more than none. A messages client's own
      // empty content goes back as it came.
      if (contentForm === "string" && text !== undefined) {
        if (text !== "" || part.content.length === 1) block.content = text;
      } else if (text === "" && contentForm === "list" && part.content.length === 0) block.content = [];
      else if (text !== "" && extra.content === undefined) {
        const content = [];
        for (const [index, inner] of part.content.entries()) {
          const at = pointer(path, "content", index);
          if (leftOutEmptyText(inner, context, at)) continue;
          const encoded = encodeMessagesPart(inner, context, at);
          if (encoded) content.push(encoded);
        }
        if (content.length > 0) block.content = content;
      }
      if (part.isError !== undefined) block.is_error = part.isError;
      if (part.cache) block.cache_control = cacheToMessages(part.cache);
      return block;
    }
    case "reasoning": {
      const signature = part.signature;
      if (signature?.format !== "messages") {
        context.lose(
          "dropped",
          path,
          signature
            ? `reasoning signed by the ${signature.format} format cannot be sent to the messages format`
            : "reasoning without a messages signature cannot be sent to the messages format",
        );
        return undefined;
      }
      const extra = part.extensions?.messages;
      if (part.redacted) return { ...extra, type: "redacted_thinking", data: signature.data };
      let thinking = part.text;
      if (thinking === undefined && part.summary) {
        thinking = part.summary.join("\n\n");
        context.lose("approximated", pointer(path, "summary"), "reasoning summary sent as thinking text");
      }
      return { ...extra, type: "thinking", thinking: thinking ?? "", signature: signature.data };
    }
    case "hosted-tool-call": {
      const extra = part.extensions?.messages;
      if (!extra) {
        context.lose("dropped", path, `hosted ${part.tool} call from another format`);
        return undefined;
      }
      return { ...extra, type: "server_tool_use", id: part.id, name: part.tool, input: part.input };
    }
    case "hosted-tool-result": {
      const extra = part.extensions?.messages;
      if (!extra) {
        context.lose("dropped", path, `hosted ${part.tool} result from another format`);
        return undefined;
      }
      return { ...extra, type: `${part.tool}_tool_result`, tool_use_id: part.callId, content: part.output };
    }
    case "refusal":
      // An empty refusal says nothing, and the API refuses empty text blocks.
      if (part.text === "") return undefined;
      context.lose("approximated", path, "refusal sent as a text block");
      return { type: "text", text: part.text };
    case "code":
    case "code-result":
      context.lose("unsupported", path, `${part.type} parts are not supported by the messages format`);
      return undefined;
    default: {
      const unknown: never = part;
      throw new TypeError(`Unknown part ${JSON.stringify(unknown)}`);
    }
  }
}
