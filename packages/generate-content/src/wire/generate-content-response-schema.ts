import * as z from "zod";
import { GenerateContentPart, GenerateContentJsonObject as Record } from "./generate-content-request-schema";

const ModalityTokenCounts = z.array(
  z.looseObject({ modality: z.string().optional(), tokenCount: z.number().optional() }),
);

/** Token counts: `promptTokenCount` includes `cachedContentTokenCount`; `candidatesTokenCount` excludes `thoughtsTokenCount`. */
export const GenerateContentUsageMetadata = z.looseObject({
  promptTokenCount: z.number().int().optional(),
  cachedContentTokenCount: z.number().int().optional(),
  candidatesTokenCount: z.number().int().optional(),
  toolUsePromptTokenCount: z.number().int().optional(),
  thoughtsTokenCount: z.number().int().optional(),
  totalTokenCount: z.number().int().optional(),
  promptTokensDetails: ModalityTokenCounts.optional(),
  cacheTokensDetails: ModalityTokenCounts.optional(),
  candidatesTokensDetails: ModalityTokenCounts.optional(),
  toolUsePromptTokensDetails: ModalityTokenCounts.optional(),
});
/** Token counts; see {@link GenerateContentUsageMetadata}. */
export type GenerateContentUsageMetadata = z.infer<typeof GenerateContentUsageMetadata>;

/** One generated alternative. */
export const GenerateContentCandidate = z.looseObject({
  content: z
    .looseObject({ role: z.string().optional(), parts: z.array(GenerateContentPart).optional() })
    .optional(),
  finishReason: z.string().optional(),
  finishMessage: z.string().optional(),
  index: z.number().int().optional(),
  safetyRatings: z.array(Record).optional(),
  citationMetadata: Record.optional(),
  tokenCount: z.number().int().optional(),
  groundingAttributions: z.array(Record).optional(),
  groundingMetadata: Record.optional(),
  avgLogprobs: z.number().optional(),
  logprobsResult: Record.optional(),
  urlContextMetadata: Record.optional(),
});
/** A candidate; see {@link GenerateContentCandidate}. */
export type GenerateContentCandidate = z.infer<typeof GenerateContentCandidate>;

/** A whole response, and also each chunk of a stream (chunks are partial responses). */
export const GenerateContentResponse = z.looseObject({
  candidates: z.array(GenerateContentCandidate).optional(),
  promptFeedback: z
    .looseObject({ blockReason: z.string().optional(), safetyRatings: z.array(Record).optional() })
    .optional(),
  usageMetadata: GenerateContentUsageMetadata.optional(),
  modelVersion: z.string().optional(),
  responseId: z.string().optional(),
});
/** A response or stream chunk; see {@link GenerateContentResponse}. */
export type GenerateContentResponse = z.infer<typeof GenerateContentResponse>;
