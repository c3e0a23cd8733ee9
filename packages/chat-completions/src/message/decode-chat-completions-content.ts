import { type MediaPart, type TextPart, toStandardBase64 } from "@interlingua/core";
import {
  remainingFields,
  type WireObject,
  withChatCompletionsExtensions,
} from "../chat-completions-extensions";
import { parseDataUrl } from "./chat-completions-data-url";

/** `input_audio` formats and their media types; another format `f` is `audio/f`. */
export const audioMediaTypes: Record<string, string> = { wav: "audio/wav", mp3: "audio/mpeg" };

/** A text content part as a canonical text part, its other fields (a cache breakpoint) kept. */
export function decodeTextContentPart(part: WireObject): TextPart {
  return withChatCompletionsExtensions<TextPart>(
    { type: "text", text: part.text as string },
    remainingFields(part, ["type", "text"]),
  );
}

/** `content` of a system, developer or tool message: a string or text parts, as text parts. */
export function decodeTextContent(content: unknown): TextPart[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return (content as WireObject[]).map(decodeTextContentPart);
}

/**
 * A user content part as a canonical part: `text`; `image_url` an image (a `data:` URL as base64,
 * with its `detail`); `input_audio` base64 audio; `file` a document (PDF) or file, inline or by id.
 * Fields with no canonical place stay in the part's extensions.
 */
export function decodeUserContentPart(part: WireObject): TextPart | MediaPart {
  switch (part.type) {
    case "image_url": {
      const image = part.image_url as WireObject;
      const url = image.url as string;
      const inline = parseDataUrl(url);
      const media: MediaPart = inline
        ? {
            type: "media",
            kind: "image",
            source: { type: "base64", data: inline.data },
            mediaType: inline.mediaType,
          }
        : { type: "media", kind: "image", source: { type: "url", url } };
      const consumed = ["url"];
      if (typeof image.detail === "string") {
        media.detail = image.detail as MediaPart["detail"];
        consumed.push("detail");
      }
      return withPartRest(media, part, "image_url", image, consumed);
    }
    case "input_audio": {
      const audio = part.input_audio as WireObject;
      const format = audio.format as string;
      const media: MediaPart = {
        type: "media",
        kind: "audio",
        source: { type: "base64", data: audio.data as string },
        mediaType: audioMediaTypes[format] ?? `audio/${format}`,
      };
      return withPartRest(media, part, "input_audio", audio, ["data", "format"]);
    }
    case "file": {
      const file = part.file as WireObject;
      const consumed: string[] = [];
      let media: MediaPart;
      const inline = typeof file.file_data === "string" ? parseDataUrl(file.file_data) : undefined;
      if (inline) {
        media = {
          type: "media",
          kind: inline.mediaType === "application/pdf" ? "document" : "file",
          source: { type: "base64", data: inline.data },
          mediaType: inline.mediaType,
        };
        consumed.push("file_data");
      } else if (typeof file.file_id === "string" && file.file_data === undefined) {
        media = { type: "media", kind: "file", source: { type: "file-id", fileId: file.file_id } };
        consumed.push("file_id");
      } else {
        // Data that is not a data: URL (or both data and an id) stays as the wire has it.
        media = {
          type: "media",
          kind: "file",
          source: { type: "base64", data: String(file.file_data ?? "") },
        };
        consumed.push("file_data");
      }
      if (typeof file.filename === "string") {
        media.filename = file.filename;
        consumed.push("filename");
      }
      return withPartRest(media, part, "file", file, consumed);
    }
    default:
      return decodeTextContentPart(part);
  }
}

function withPartRest(
  media: MediaPart,
  part: WireObject,
  field: string,
  inner: WireObject,
  consumed: string[],
): MediaPart {
  const rest = remainingFields(part, ["type", field]) ?? {};
  const innerRest = remainingFields(inner, consumed);
  if (innerRest !== undefined) rest[field] = innerRest;
  // Inline data in the canonical (standard) alphabet; URL-safe text is marked, to go back as it came.
  if (media.source.type === "base64") {
    const { data, urlSafe } = toStandardBase64(media.source.data);
    media.source = { type: "base64", data };
    if (urlSafe) rest.urlSafeBase64 = true;
  }
  return withChatCompletionsExtensions(media, rest);
}
