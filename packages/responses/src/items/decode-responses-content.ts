import {
  CanonicalError,
  type MediaPart,
  type Part,
  type RefusalPart,
  type TextPart,
} from "@interlingua/core";
import { remainingFields, type WireObject, withResponsesExtensions } from "../responses-extensions";
import { decodeResponsesAnnotation } from "./decode-responses-annotation";

/** A base64 data URL; its media type may be empty (RFC 2397 lets a data URL leave it out). */
const dataUrlPattern = /^data:([^;,]*);base64,(.*)$/s;

/** The text content type a role's messages use when none is named: assistants write `output_text`. */
export function defaultResponsesTextType(role: string): "input_text" | "output_text" {
  return role === "assistant" ? "output_text" : "input_text";
}

/**
 * One content item of a message as a canonical part. `input_text` / `output_text` become text (with
 * annotations as citations), `input_image` / `input_file` media, `refusal` a refusal. A text `type`
 * that is not the role's default, and every field with no canonical place, stay in
 * `extensions.responses`.
 */
export function decodeResponsesContent(
  content: WireObject,
  role: string,
): TextPart | MediaPart | RefusalPart {
  switch (content.type) {
    case "input_text":
    case "output_text": {
      const part: TextPart = { type: "text", text: content.text as string };
      const consumed = ["text"];
      if (content.type === defaultResponsesTextType(role)) consumed.push("type");
      const annotations = content.annotations as WireObject[] | undefined;
      if (content.type === "output_text" && Array.isArray(annotations)) {
        consumed.push("annotations");
        if (annotations.length > 0) part.citations = annotations.map(decodeResponsesAnnotation);
      }
      return withResponsesExtensions(part, remainingFields(content, consumed));
    }
    case "refusal":
      return withResponsesExtensions<RefusalPart>(
        { type: "refusal", text: content.refusal as string },
        remainingFields(content, ["type", "refusal"]),
      );
    case "input_image":
      return decodeResponsesImage(content);
    case "input_file":
      return decodeResponsesFile(content);
    default:
      throw new CanonicalError("invalid_request", `Unknown content type ${JSON.stringify(content.type)}`, {
        param: "type",
      });
  }
}

function decodeResponsesImage(content: WireObject): MediaPart {
  const consumed = ["type"];
  let part: MediaPart;
  if (typeof content.image_url === "string") {
    consumed.push("image_url");
    const dataUrl = dataUrlPattern.exec(content.image_url);
    part = dataUrl
      ? {
          type: "media",
          kind: "image",
          source: { type: "base64", data: dataUrl[2]! },
          mediaType: dataUrl[1]!,
        }
      : { type: "media", kind: "image", source: { type: "url", url: content.image_url } };
  } else {
    consumed.push("file_id");
    part = { type: "media", kind: "image", source: { type: "file-id", fileId: content.file_id as string } };
  }
  if (content.detail === "auto" || content.detail === "low" || content.detail === "high") {
    consumed.push("detail");
    part.detail = content.detail;
  }
  const rest = remainingFields(content, consumed);
  return withResponsesExtensions(
    part,
    content.detail === undefined ? { ...rest, detailOmitted: true } : rest,
  );
}

function decodeResponsesFile(content: WireObject): MediaPart {
  const consumed = ["type"];
  let part: MediaPart;
  const dataUrl = typeof content.file_data === "string" ? dataUrlPattern.exec(content.file_data) : null;
  if (dataUrl) {
    consumed.push("file_data");
    part = {
      type: "media",
      kind: "file",
      source: { type: "base64", data: dataUrl[2]! },
      mediaType: dataUrl[1]!,
    };
  } else if (typeof content.file_id === "string") {
    consumed.push("file_id");
    part = { type: "media", kind: "file", source: { type: "file-id", fileId: content.file_id } };
  } else if (typeof content.file_url === "string") {
    consumed.push("file_url");
    part = { type: "media", kind: "file", source: { type: "url", url: content.file_url } };
  } else if (typeof content.file_data === "string") {
    consumed.push("file_data");
    part = { type: "media", kind: "file", source: { type: "base64", data: content.file_data } };
  } else {
    throw new CanonicalError("invalid_request", "input_file needs file_data, file_id or file_url", {
      param: "file_data",
    });
  }
  if (part.mediaType === "application/pdf") part.kind = "document";
  if (typeof content.filename === "string") {
    consumed.push("filename");
    part.filename = content.filename;
  }
  const rest = remainingFields(content, consumed);
  const rawData = part.source.type === "base64" && !dataUrl;
  return withResponsesExtensions(part, rawData ? { ...rest, rawFileData: true } : rest);
}

/** True for the parts a message item's content can hold. */
export function isResponsesContentPart(part: Part): part is TextPart | MediaPart | RefusalPart {
  return part.type === "text" || part.type === "media" || part.type === "refusal";
}
