import {
  type Citation,
  type ConversionContext,
  type MediaPart,
  pointer,
  type TextPart,
} from "@interlingua/core";
import {
  interactionsFormat,
  isWireObject,
  keptWireFields,
  remainingFields,
  type WireObject,
  withInteractionsExtension,
} from "../interactions-extensions";

/** The content block types that carry media, by the canonical media kind they become. */
const mediaKinds = { image: "image", audio: "audio", video: "video", document: "document" } as const;

/** Whether a wire value is a content block (text or media), as opposed to a step. */
export function isInteractionsContent(value: unknown): boolean {
  return (
    isWireObject(value) &&
    typeof value.type === "string" &&
    (value.type === "text" || value.type in mediaKinds)
  );
}

/** A `url_citation` annotation as a canonical citation; undefined for other annotations. */
export function citationOfAnnotation(annotation: WireObject): Citation | undefined {
  if (annotation.type !== "url_citation") return undefined;
  const citation: Citation = { kind: "url" };
  if (typeof annotation.url === "string") citation.url = annotation.url;
  if (typeof annotation.title === "string") citation.title = annotation.title;
  if (typeof annotation.start_index === "number") citation.startIndex = annotation.start_index;
  if (typeof annotation.end_index === "number") citation.endIndex = annotation.end_index;
  return citation;
}

/** The fields of a `url_citation` annotation a canonical citation says exactly. */
const citationFields: Record<string, string> = {
  type: "string",
  url: "string",
  title: "string",
  start_index: "number",
  end_index: "number",
};

/** Whether canonical citations say every one of these annotations exactly (URL citations and nothing else). */
function citationsSayAll(annotations: WireObject[]): boolean {
  return (
    annotations.length > 0 &&
    annotations.every(
      (annotation) =>
        isWireObject(annotation) &&
        annotation.type === "url_citation" &&
        typeof annotation.url === "string" &&
        Object.entries(annotation).every(([key, value]) => typeof value === citationFields[key]),
    )
  );
}

/**
 * A content block (`TextContent`, `ImageContent`, …) as a canonical text or media part, or undefined
 * (with a loss) for a block with nothing to carry. Text annotations become canonical citations, and
 * are also kept as they came when citations cannot say them all (another kind, another field); a
 * `resolution` of `low` or `high` is the canonical detail of that name; media fields with no canonical
 * meaning (other resolutions, `channels`, `sample_rate`, video `processing`) stay in extensions.
 */
export function decodeInteractionsContent(
  content: WireObject,
  path: string,
  context: ConversionContext,
): TextPart | MediaPart | undefined {
  if (content.type === "text") {
    const part: TextPart = { type: "text", text: typeof content.text === "string" ? content.text : "" };
    const annotations = Array.isArray(content.annotations)
      ? (content.annotations as WireObject[])
      : undefined;
    const citations = annotations?.flatMap((annotation) => citationOfAnnotation(annotation) ?? []);
    if (citations && citations.length > 0) part.citations = citations;
    const kept =
      annotations && citationsSayAll(annotations) ? ["type", "text", "annotations"] : ["type", "text"];
    return withInteractionsExtension(part, remainingFields(content, kept));
  }
  const kind = mediaKinds[content.type as keyof typeof mediaKinds];
  if (kind === undefined || (typeof content.data !== "string" && typeof content.uri !== "string")) {
    context.loseAtSource(
      "dropped",
      path,
      `A ${String(content.type)} content block with no data or uri is not carried`,
    );
    return undefined;
  }
  const part: MediaPart = {
    type: "media",
    kind,
    source:
      typeof content.data === "string"
        ? { type: "base64", data: content.data }
        : { type: "url", url: content.uri as string },
  };
  // An empty MIME type names none: it is kept as it came, a field no other format has.
  if (typeof content.mime_type === "string" && content.mime_type !== "") part.mediaType = content.mime_type;
  const rest = remainingFields(
    content,
    part.mediaType === undefined ? ["type", "data"] : ["type", "data", "mime_type"],
  );
  // The resolutions the canonical detail names are that detail (the encoder sends detail so).
  if (content.resolution === "low" || content.resolution === "high") {
    part.detail = content.resolution;
    delete rest.resolution;
  }
  // The uri is the source unless inline data is (then it is kept beside it).
  if (typeof content.data !== "string") delete rest.uri;
  return withInteractionsExtension(part, rest);
}

/** A canonical URL citation as a `url_citation` annotation. */
function annotationFromCitation(citation: Citation, path: string, context: ConversionContext): WireObject[] {
  if (citation.kind !== "url" || citation.url === undefined) {
    context.lose("dropped", path, `A ${citation.kind} citation has no annotation in this format`);
    return [];
  }
  const annotation: WireObject = { type: "url_citation", url: citation.url };
  if (citation.title !== undefined) annotation.title = citation.title;
  if (citation.startIndex !== undefined) annotation.start_index = citation.startIndex;
  if (citation.endIndex !== undefined) annotation.end_index = citation.endIndex;
  // A url_citation says where and what page only: the quoted text and another format's fields go.
  const foreign = Object.keys(citation.extensions ?? {}).some((format) => format !== interactionsFormat);
  if (citation.citedText !== undefined || foreign)
    context.lose("dropped", path, "A url_citation has no quoted text nor another format's citation fields");
  return [annotation];
}

/**
 * A canonical text or media part as a content block. Kept annotations are sent back as they came;
 * citations of another format become `url_citation` annotations where they have a URL. A `file`
 * is sent as a document, a file id as its `uri`, and an inline text document as text, each with a
 * loss; what the format has no field for (file names, titles, cache hints, a foreign signature) is
 * reported dropped.
 */
export function encodeInteractionsContent(
  part: TextPart | MediaPart,
  path: string,
  context: ConversionContext,
): WireObject {
  const extra = keptWireFields(part);
  if (part.cache)
    context.lose("dropped", pointer(path, "cache"), "This format has no prompt-caching breakpoints");
  if (part.type === "text") {
    const content: WireObject = { type: "text", text: part.text, ...extra };
    if (part.signature)
      context.lose(
        "dropped",
        pointer(path, "signature"),
        `A ${part.signature.format} signature on text has no field here`,
      );
    if (extra.annotations === undefined && part.citations?.length) {
      content.annotations = part.citations.flatMap((citation, index) =>
        annotationFromCitation(citation, pointer(path, "citations", index), context),
      );
    }
    return content;
  }
  let type: string = part.kind;
  if (part.kind === "file") {
    type = "document";
    context.lose("approximated", pointer(path, "kind"), "A file is sent as a document block");
  }
  const content: WireObject = { type };
  switch (part.source.type) {
    case "base64":
      content.data = part.source.data;
      break;
    case "url":
      content.uri = part.source.url;
      break;
    case "file-id":
      content.uri = part.source.fileId;
      context.lose("approximated", pointer(path, "source"), "A file id is sent as the block's uri");
      break;
    case "text":
      context.lose(
        "approximated",
        pointer(path, "source"),
        "An inline text document is sent as a text block",
      );
      return { type: "text", text: part.source.text };
  }
  if (part.mediaType !== undefined) content.mime_type = part.mediaType;
  // `auto` is what no resolution means; only images and videos take one.
  if (part.detail !== undefined && part.detail !== "auto" && extra.resolution === undefined) {
    if (type === "image" || type === "video") content.resolution = part.detail;
    else
      context.lose(
        "dropped",
        pointer(path, "detail"),
        `A ${type} block takes no resolution (${part.detail})`,
      );
  }
  for (const field of ["filename", "title"] as const) {
    if (part[field] !== undefined)
      context.lose("dropped", pointer(path, field), `A media ${field} has no field here`);
  }
  return { ...content, ...extra };
}
