import { type ConversionContext, type FinishReason, type Part, pointer } from "@interlingua/core";
import { encodeGenerateContentPart } from "../request/encode-generate-content-part";
import type { GenerateContentPart } from "../wire/generate-content-request-schema";
import type { GenerateContentCandidate } from "../wire/generate-content-response-schema";
import { collectGenerateContentCitations } from "./generate-content-citations";
import { finishReasonToGenerateContent } from "./generate-content-finish-reason";

/** Kept fields that are not wire fields of the candidate (`finishReason` is written from the canonical one). */
const markers = new Set([
  "contentOmitted",
  "contentFields",
  "partsOmitted",
  "finishReasonOmitted",
  "finishReason",
]);

/** Output parts as wire parts (citations travel in `citationMetadata`, not on the parts). */
export function encodeGenerateContentOutputParts(
  parts: readonly Part[],
  context: ConversionContext,
  path: string,
): GenerateContentPart[] {
  const wire: GenerateContentPart[] = [];
  parts.forEach((part, index) => {
    if (part.type === "tool-result") {
      context.lose("unsupported", pointer(path, index), "A tool result cannot be model output");
      return;
    }
    const encoded = encodeGenerateContentPart(
      part.type === "text" && part.citations ? { ...part, citations: undefined } : part,
      { context, path: `${path}/${index}` },
    );
    if (encoded) wire.push(encoded);
  });
  return wire;
}

/**
 * A candidate from canonical parts, finish reason and the extension fields its decoding kept
 * (`extra`, see `decodeGenerateContentCandidate`). Without kept fields, the content has role
 * `model`, and citations of the text parts become `citationMetadata`.
 */
export function encodeGenerateContentCandidate(
  parts: readonly Part[],
  finishReason: FinishReason | undefined,
  extra: Record<string, unknown> | undefined,
  context: ConversionContext,
  path: string,
): GenerateContentCandidate {
  const candidate: GenerateContentCandidate = {};
  const wireParts = encodeGenerateContentOutputParts(parts, context, `${path}/parts`);
  if (!extra?.contentOmitted || wireParts.length > 0) {
    const content: NonNullable<GenerateContentCandidate["content"]> = extra
      ? { ...(extra.contentFields as object) }
      : { role: "model" };
    if (!extra?.partsOmitted || wireParts.length > 0) content.parts = wireParts;
    candidate.content = content;
  }
  if (
    finishReason !== undefined &&
    !(extra?.finishReasonOmitted && finishReason.reason === "other" && finishReason.raw === undefined)
  ) {
    candidate.finishReason = finishReasonToGenerateContent(
      finishReason,
      parts.some((part) => part.type === "tool-call"),
      context,
      pointer(path, "finishReason"),
      extra !== undefined,
    );
  }
  if (extra)
    for (const key in extra) if (!markers.has(key)) (candidate as Record<string, unknown>)[key] = extra[key];
  if (candidate.citationMetadata === undefined) {
    const citationSources = collectGenerateContentCitations(parts, context, pointer(path, "parts"));
    if (citationSources) candidate.citationMetadata = { citationSources };
  }
  return candidate;
}
