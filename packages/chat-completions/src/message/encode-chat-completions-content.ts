import {
  type ConversionContext,
  type MediaPart,
  type Part,
  pointer,
  type TextPart,
  toUrlSafeBase64,
} from "@interlingua/core";
import { assignWireFields, chatCompletionsExtensions, type WireObject } from "../chat-completions-extensions";
import { formatDataUrl } from "./chat-completions-data-url";
import { audioMediaTypes } from "./decode-chat-completions-content";

const audioFormats = new Map(Object.entries(audioMediaTypes).map(([format, type]) => [type, format]));

/** A canonical text part as a text content part, losing what the format cannot say about it. */
export function encodeTextContentPart(part: TextPart, context: ConversionContext, path: string): WireObject {
  loseTextPartExtras(part, context, path);
  return assignWireFields({ type: "text", text: part.text }, chatCompletionsExtensions(part));
}

/** Reports what a text part carries that a request's text cannot (citations, caches, signatures). */
export function loseTextPartExtras(part: TextPart, context: ConversionContext, path: string): void {
  if (part.citations?.length)
    context.lose(
      "dropped",
      pointer(path, "citations"),
      "the chat-completions format has no citations in requests",
    );
  if (part.cache)
    context.lose("dropped", pointer(path, "cache"), "the chat-completions format has no cache breakpoints");
  if (part.signature && part.signature.format !== "chat-completions")
    context.lose(
      "dropped",
      pointer(path, "signature"),
      "the chat-completions format has no signatures on text",
    );
}

/**
 * A canonical media part as a user content part: an image as `image_url` (base64 as a `data:`
 * URL), WAV or MP3 audio as `input_audio`, a document or file as `file` (inline as a `data:` URL,
 * or by file id). What the format cannot carry is reported and left out (undefined returned);
 * a plain-text document becomes a text part, with a loss.
 */
export function encodeMediaContentPart(
  part: MediaPart,
  context: ConversionContext,
  path: string,
): WireObject | undefined {
  const { urlSafeBase64, ...rest } = chatCompletionsExtensions(part) ?? {};
  if (part.cache)
    context.lose("dropped", pointer(path, "cache"), "the chat-completions format has no cache breakpoints");
  // Inline data as this format's caller spelled it (URL-safe), else in the canonical alphabet.
  const source =
    urlSafeBase64 === true && part.source.type === "base64"
      ? { type: "base64" as const, data: toUrlSafeBase64(part.source.data) }
      : part.source;
  if (source.type === "text") {
    context.lose("approximated", path, "a plain-text document became a text part");
    return { type: "text", text: source.text };
  }
  switch (part.kind) {
    case "image": {
      if (source.type === "file-id") {
        context.lose(
          "unsupported",
          path,
          "the chat-completions format cannot refer to an uploaded image by id",
        );
        return undefined;
      }
      if (source.type === "url" && part.mediaType !== undefined)
        context.lose("dropped", pointer(path, "mediaType"), "an image URL has no media type in this format");
      const url =
        source.type === "base64" ? formatDataUrl(part.mediaType ?? "image/png", source.data) : source.url;
      const image: WireObject = { url };
      if (part.detail !== undefined) image.detail = part.detail;
      return wirePart("image_url", image, rest);
    }
    case "audio": {
      const format = audioFormat(part.mediaType);
      if (source.type !== "base64" || format === undefined) {
        context.lose(
          "unsupported",
          path,
          "the chat-completions format takes audio only as inline WAV or MP3",
        );
        return undefined;
      }
      // Another spelling of the format's type (audio/mp3) reads back as the format's own (audio/mpeg).
      const readBack = audioMediaTypes[format] ?? `audio/${format}`;
      if (part.mediaType !== readBack)
        context.lose(
          "approximated",
          pointer(path, "mediaType"),
          `${part.mediaType} is sent as ${format} audio, which reads back as ${readBack}`,
        );
      return wirePart("input_audio", { data: source.data, format }, rest);
    }
    case "document":
    case "file": {
      if (source.type === "url") {
        context.lose("unsupported", path, "the chat-completions format cannot take a file by URL");
        return undefined;
      }
      const file: WireObject =
        source.type === "file-id"
          ? { file_id: source.fileId }
          : {
              file_data:
                part.mediaType === undefined ? source.data : formatDataUrl(part.mediaType, source.data),
            };
      if (part.filename !== undefined) file.filename = part.filename;
      if (part.title !== undefined)
        context.lose("dropped", pointer(path, "title"), "the chat-completions format has no document titles");
      return wirePart("file", file, rest);
    }
    default:
      context.lose("unsupported", path, `the chat-completions format takes no ${part.kind} input`);
      return undefined;
  }
}

/** The `input_audio` format of a media type: `wav`, `mp3`, or the subtype of another `audio/…` type. */
function audioFormat(mediaType: string | undefined): string | undefined {
  if (mediaType === undefined) return undefined;
  return (
    audioFormats.get(mediaType) ??
    (mediaType.startsWith("audio/") ? mediaType.slice("audio/".length) : undefined)
  );
}

function wirePart(type: string, inner: WireObject, rest: WireObject): WireObject {
  const { [type]: innerRest, ...partRest } = rest;
  return assignWireFields(
    { type, [type]: assignWireFields(inner, innerRest as WireObject | undefined) },
    partRest,
  );
}

/** Whether a canonical part is one a user content list can hold. */
export function isUserContentPart(part: Part): part is TextPart | MediaPart {
  return part.type === "text" || part.type === "media";
}
