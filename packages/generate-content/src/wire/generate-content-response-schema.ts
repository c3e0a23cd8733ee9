import { compiledLooseObject } from "@interlingua/core";
import * as z from "zod/mini";
import { GenerateContentPart, GenerateContentJsonObject as Record } from "./generate-content-request-schema";

const ModalityTokenCounts = z.array(
  compiledLooseObject({ modality: z.optional(z.string()), tokenCount: z.optional(z.number()) }),
);

/** Token counts: `promptTokenCount` includes `cachedContentTokenCount`; `candidatesTokenCount` excludes `thoughtsTokenCount`. */
export const GenerateContentUsageMetadata = compiledLooseObject({
  promptTokenCount: z.optional(z.int()),
  cachedContentTokenCount: z.optional(z.int()),
  candidatesTokenCount: z.optional(z.int()),
  toolUsePromptTokenCount: z.optional(z.int()),
  thoughtsTokenCount: z.optional(z.int()),
  totalTokenCount: z.optional(z.int()),
  promptTokensDetails: z.optional(ModalityTokenCounts),
  cacheTokensDetails: z.optional(ModalityTokenCounts),
  candidatesTokensDetails: z.optional(ModalityTokenCounts),
  toolUsePromptTokensDetails: z.optional(ModalityTokenCounts),
});
/** Token counts; see {@link GenerateContentUsageMetadata}. */
export type GenerateContentUsageMetadata = z.infer<typeof GenerateContentUsageMetadata>;

/** One generated alternative. */
export const GenerateContentCandidate = compiledLooseObject({
  content: z.optional(
    compiledLooseObject({ role: z.optional(z.string()), parts: z.optional(z.array(GenerateContentPart)) }),
  ),
  finishReason: z.optional(z.string()),
  finishMessage: z.optional(z.string()),
  index: z.optional(z.int()),
  safetyRatings: z.optional(z.array(Record)),
  citationMetadata: z.optional(Record),
  tokenCount: z.optional(z.int()),
  groundingAttributions: z.optional(z.array(Record)),
  groundingMetadata: z.optional(Record),
  avgLogprobs: z.optional(z.number()),
  logprobsResult: z.optional(Record),
  urlContextMetadata: z.optional(Record),
});
/** A candidate; see {@link GenerateContentCandidate}. */
export type GenerateContentCandidate = z.infer<typeof GenerateContentCandidate>;

/** A whole response, and also each chunk of a stream (chunks are partial responses). */
export const GenerateContentResponse = compiledLooseObject({
  candidates: z.optional(z.array(GenerateContentCandidate)),
  promptFeedback: z.optional(
    compiledLooseObject({ blockReason: z.optional(z.string()), safetyRatings: z.optional(z.array(Record)) }),
  ),
  usageMetadata: z.optional(GenerateContentUsageMetadata),
  modelVersion: z.optional(z.string()),
  responseId: z.optional(z.string()),
});
/** A response or stream chunk; see {@link GenerateContentResponse}. */
export type GenerateContentResponse = z.infer<typeof GenerateContentResponse>;
