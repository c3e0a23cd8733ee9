import {
  type Candidate,
  type ChatResponse,
  type ConversionContext,
  reportForeignAnswerFields,
  reportUnsayableCreationTime,
  reportUnsayableStatus,
  reportUnsplitUsage,
  usageAccounting,
} from "@interlingua/core";
import { readGenerateContentExtension } from "../wire/generate-content-extensions";
import type {
  GenerateContentCandidate,
  GenerateContentResponse,
} from "../wire/generate-content-response-schema";
import { encodeGenerateContentCandidate } from "./encode-generate-content-candidate";
import { usageToGenerateContent } from "./generate-content-usage";

const responseMarkers = new Set([
  "responseIdOmitted",
  "modelVersionOmitted",
  "candidatesOmitted",
  "candidatesEmpty",
  "candidate",
  "usageOmitted",
]);

/**
 * Converts a canonical response to a generate-content response: the output as the first
 * candidate, extra candidates after it, usage as `usageMetadata`, and the fields the decoder kept
 * put back. A content-filtered response without output from another format becomes a candidate
 * with `finishReason: SAFETY`; one decoded from a blocked prompt gets its `promptFeedback` back.
 */
export function encodeGenerateContentResponse(
  response: ChatResponse,
  context: ConversionContext,
): GenerateContentResponse {
  const extra = readGenerateContentExtension(response) ?? {};
  const body: GenerateContentResponse = {};
  const candidates: GenerateContentCandidate[] = [];
  const hadNoCandidate = extra.candidatesOmitted === true || extra.candidatesEmpty === true;
  if (!hadNoCandidate || response.parts.length > 0) {
    candidates.push(
      encodeGenerateContentCandidate(
        response.parts,
        response.finishReason,
        extra.candidate as Record<string, unknown> | undefined,
        context,
        "",
      ),
    );
  }
  for (const [position, candidate] of (response.candidates ?? []).entries())
    candidates.push(encodeExtraCandidate(candidate, context, position));
  if (candidates.length > 0 || !extra.candidatesOmitted) body.candidates = candidates;
  if (!extra.usageOmitted) body.usageMetadata = usageToGenerateContent(response.usage);
  if (!extra.modelVersionOmitted) body.modelVersion = response.model;
  if (!extra.responseIdOmitted) body.responseId = response.id;
  for (const key in extra) if (!responseMarkers.has(key)) (body as Record<string, unknown>)[key] = extra[key];
  if (response.stopSequence !== undefined)
    context.lose(
      "dropped",
      "/stopSequence",
      "the generate-content format does not say which stop sequence matched",
    );
  if (response.usage.cacheWriteTokens)
    context.lose(
      "approximated",
      "/usage/cacheWriteTokens",
      "the generate-content usage has no cache-write count: those tokens are counted as uncached prompt tokens",
    );
  reportUnsplitUsage(response.usage, usageAccounting["generate-content"], "generate-content", context);
  reportUnsayableStatus(response, "generate-content", context);
  reportUnsayableCreationTime(response.created, "generate-content", context);
  reportForeignAnswerFields(response, "generate-content", context);
  return body;
}

/**
 * A canonical candidate after the first as a wire candidate; `position` is its place among the
 * canonical candidates, where its losses are (its index when not given).
 */
export function encodeExtraCandidate(
  candidate: Candidate,
  context: ConversionContext,
  position = candidate.index,
): GenerateContentCandidate {
  const extra = readGenerateContentExtension(candidate);
  const wire = encodeGenerateContentCandidate(
    candidate.parts,
    candidate.finishReason,
    extra,
    context,
    `/candidates/${position}`,
  );
  if (extra === undefined || "index" in extra) wire.index = candidate.index;
  return wire;
}
