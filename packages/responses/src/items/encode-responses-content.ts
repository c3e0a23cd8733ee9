import {
  type ConversionContext,
  type MediaPart,
  pointer,
  type RefusalPart,
  type TextPart,
} from "@interlingua/core";
import { assignFields, responsesExtensions, type WireObject } from "../responses-extensions";
import { defaultResponsesTextType } from "./decode-responses-content";
import { encodeResponsesAnnotation } from "./encode-responses-annotation";

/** Whether content is written for a request (`input`) or for a response's `output`. */
export type ResponsesEncodeTarget = "input" | "output";

/**
 * A canonical text, media or refusal part as a message content item for a message of `role`.
 * Returns undefined (with a loss) for what a message cannot hold.
 */
export function encodeResponsesContent(
  part: TextPart | MediaPart | RefusalPart,
  role: string,
  target: ResponsesEncodeTarget,
  context: ConversionContext,
  path: string,
): WireObject | undefined {
  const rest = contentFields(responsesExtensions(part));
  switch (part.type) {
    case "text": {
      if (part.cache)
        context.lose("dropped", pointer(path, "cache"), "the responses format has no cache breakpoints");
      if (part.signature)
        context.lose(
          "dropped",
          pointer(path, "signature"),
          "a text signature has no place in the responses format",
        );
      const type = (rest?.type as string | undefined) ?? defaultResponsesTextType(role);
      const content = assignFields({ type }, rest);
      content.text = part.text;
      if (type === "output_text") {
        const annotations: WireObject[] = [];
        part.citations?.forEach((citation, index) => {
          const annotation = encodeResponsesAnnotation(citation, context, pointer(path, "citations", index));
          if (annotation) annotations.push(annotation);
        });
        content.annotations = annotations;
        if (target === "output" && content.logprobs === undefined) content.logprobs = [];
      } else if (part.citations?.length) {
        context.lose(
          "dropped",
          pointer(path, "citations"),
          "citations on input text have no place in this format",
        );
      }
      return content;
    }
    case "refusal": {
      const refusal = assignFields({ type: "refusal" }, rest);
      refusal.refusal = part.text;
      return refusal;
    }
    case "media":
      return encodeResponsesMedia(part, rest, context, path);
    default: {
      const unknown: never = part;
      throw new TypeError(`Unknown content part ${JSON.stringify(unknown)}`);
    }
  }
}

function encodeResponsesMedia(
  part: MediaPart,
  rest: WireObject | undefined,
  context: ConversionContext,
  path: string,
): WireObject | undefined {
  if (part.cache)
    context.lose("dropped", pointer(path, "cache"), "the responses format has no cache breakpoints");
  const source = part.source;
  if (part.kind === "image") {
    const { detailOmitted, ...fields } = rest ?? {};
    const image: WireObject = { type: "input_image", ...fields };
    if (part.detail !== undefined) image.detail = part.detail;
    else if (detailOmitted !== true && image.detail === undefined) image.detail = "auto";
    switch (source.type) {
      case "url":
        if (part.mediaType !== undefined)
          context.lose(
            "dropped",
            pointer(path, "mediaType"),
            "an image URL has no media type in this format",
          );
        image.image_url = source.url;
        return image;
      case "base64":
        image.image_url = `data:${part.mediaType ?? "image/png"};base64,${source.data}`;
        return image;
      case "file-id":
        image.file_id = source.fileId;
        return image;
      case "text":
        context.lose("dropped", pointer(path, "source"), "an image given as text has no responses form");
        return undefined;
      default: {
        const unknown: never = source;
        throw new TypeError(`Unknown media source ${JSON.stringify(unknown)}`);
      }
    }
  }
  if (part.kind === "audio" || part.kind === "video") {
    context.lose("unsupported", path, `${part.kind} input is not supported by the responses format`);
    return undefined;
  }
  const { rawFileData, ...fields } = rest ?? {};
  const file: WireObject = { type: "input_file", ...fields };
  if (part.filename !== undefined) file.filename = part.filename;
  if (part.title !== undefined)
    context.lose("dropped", pointer(path, "title"), "the responses format has no document titles");
  switch (source.type) {
    case "url":
      if (part.mediaType !== undefined)
        context.lose("dropped", pointer(path, "mediaType"), "a file URL has no media type in this format");
      file.file_url = source.url;
      return file;
    case "base64":
      file.file_data =
        rawFileData === true
          ? source.data
          : `data:${part.mediaType ?? "application/octet-stream"};base64,${source.data}`;
      return file;
    case "file-id":
      file.file_id = source.fileId;
      return file;
    case "text":
      context.lose("approximated", pointer(path, "source"), "a plain-text document became input text");
      return { type: "input_text", text: source.text };
    default: {
      const unknown: never = source;
      throw new TypeError(`Unknown media source ${JSON.stringify(unknown)}`);
    }
  }
}

/** A part's extension fields without the item bookkeeping (`item`, `sameItem`, `contentString`, `newItem`). */
function contentFields(fields: WireObject | undefined): WireObject | undefined {
  if (fields === undefined) return undefined;
  if (!("item" in fields || "sameItem" in fields || "contentString" in fields || "newItem" in fields))
    return fields;
  const {
    item: _item,
    sameItem: _sameItem,
    contentString: _contentString,
    newItem: _newItem,
    ...rest
  } = fields;
  return rest;
}
