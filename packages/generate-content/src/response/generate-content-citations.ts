import { type Citation, type ConversionContext, type Part, pointer } from "@interlingua/core";
import { generateContentExtensions, unknownFields } from "../wire/generate-content-extensions";

/** A `citationMetadata.citationSources` item. */
export interface GenerateContentCitationSource {
  startIndex?: number;
  endIndex?: number;
  uri?: string;
  license?: string;
  [field: string]: unknown;
}

const sourceFields = new Set(["startIndex", "endIndex", "uri"]);

/** A citation source as a canonical citation whose offsets are relative to `offset`. */
export function citationFromGenerateContent(source: GenerateContentCitationSource, offset: number): Citation {
  const citation: Citation = { kind: source.uri === undefined ? "other" : "url" };
  if (source.uri !== undefined) citation.url = source.uri;
  if (source.startIndex !== undefined) citation.startIndex = Math.max(0, source.startIndex - offset);
  if (source.endIndex !== undefined) citation.endIndex = Math.max(0, source.endIndex - offset);
  const extra = unknownFields(source, sourceFields);
  const extensions = extra && generateContentExtensions(extra);
  if (extensions) citation.extensions = extensions;
  return citation;
}

/**
 * A canonical citation as a citation source, its offsets shifted by `offset`. A source has no
 * title, quoted text or file id: those are losses.
 */
export function citationToGenerateContent(
  citation: Citation,
  offset: number,
  context: ConversionContext,
  path: string,
): GenerateContentCitationSource {
  const source: GenerateContentCitationSource = { ...citation.extensions?.["generate-content"] };
  if (citation.startIndex !== undefined) source.startIndex = citation.startIndex + offset;
  if (citation.endIndex !== undefined) source.endIndex = citation.endIndex + offset;
  if (citation.url !== undefined) source.uri = citation.url;
  for (const field of ["title", "citedText", "fileId"] as const)
    if (citation[field] !== undefined)
      context.lose("dropped", pointer(path, field), `A citation source has no ${field}`);
  return source;
}

/**
 * Attaches citation sources to the answer text parts they fall in. Offsets count characters of the
 * candidate's answer text (its text parts, thoughts excluded, in order); each citation gets offsets
 * relative to its part. A source without `startIndex` goes to the first text part.
 */
export function attachGenerateContentCitations(
  parts: Part[],
  sources: readonly GenerateContentCitationSource[],
): void {
  const texts: { part: Part & { type: "text" }; offset: number }[] = [];
  let offset = 0;
  for (const part of parts) {
    if (part.type !== "text") continue;
    texts.push({ part, offset });
    offset += part.text.length;
  }
  if (texts.length === 0) return;
  for (const source of sources) {
    const start = source.startIndex ?? 0;
    let target = texts[0]!;
    for (const text of texts) if (text.offset <= start) target = text;
    target.part.citations ??= [];
    target.part.citations.push(citationFromGenerateContent(source, target.offset));
  }
}

/** The citation sources of the answer text parts, offsets made candidate-wide; undefined when none. */
export function collectGenerateContentCitations(
  parts: readonly Part[],
  context: ConversionContext,
  path: string,
): GenerateContentCitationSource[] | undefined {
  let sources: GenerateContentCitationSource[] | undefined;
  let offset = 0;
  parts.forEach((part, index) => {
    if (part.type !== "text") return;
    part.citations?.forEach((citation, position) => {
      sources ??= [];
      sources.push(
        citationToGenerateContent(citation, offset, context, pointer(path, index, "citations", position)),
      );
    });
    offset += part.text.length;
  });
  return sources;
}
