import {
  type Candidate,
  CanonicalError,
  type ChatResponse,
  type ConversionContext,
  type FinishReason,
  pointer,
  traceExtensions,
  traceFields,
  type Usage,
} from "@interlingua/core";
import { generateContentExtensions, unknownFields } from "../wire/generate-content-extensions";
import { GenerateContentResponse } from "../wire/generate-content-response-schema";
import { decodeGenerateContentCandidate } from "./decode-generate-content-candidate";
import { blockReasonFromGenerateContent } from "./generate-content-finish-reason";
import { usageFromGenerateContent } from "./generate-content-usage";

const responseFields = new Set(["candidates", "usageMetadata", "modelVersion", "responseId", "createTime"]);

/** The parts of a decoded response that the stream decoder builds the same way. */
export interface GenerateContentResponseSummary {
  finishReason: FinishReason;
  status: ChatResponse["status"];
}

/**
 * How a response ends: the first candidate's finish reason; without candidates, a blocked prompt
 * (`promptFeedback.blockReason`) is `content_filter` with the block reason as raw value, and
 * anything else is `other`. Cut-off output and blocked prompts are `incomplete`.
 */
export function summarizeGenerateContentOutcome(
  finishReason: FinishReason | undefined,
  blockReason: string | undefined,
): GenerateContentResponseSummary {
  const reason =
    finishReason ??
    (blockReason === undefined ? { reason: "other" as const } : blockReasonFromGenerateContent(blockReason));
  const incomplete = reason.reason === "length" || (finishReason === undefined && blockReason !== undefined);
  return { finishReason: reason, status: incomplete ? "incomplete" : "completed" };
}

/**
 * Converts a generate-content response. The first candidate is the response's output; the others
 * are canonical `candidates`. Everything without a canonical place (prompt feedback, safety
 * ratings, citation and grounding metadata, logprobs, usage details) stays in the extensions, so
 * the same format gets it back exactly. A response without candidates or parts is legal.
 */
export function decodeGenerateContentResponse(wire: unknown, context: ConversionContext): ChatResponse {
  context.startSource();
  const parsed = GenerateContentResponse.safeParse(wire);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CanonicalError(
      "internal",
      `Malformed generate-content response at ${issue?.path.join(".")}: ${issue?.message}`,
      { cause: parsed.error },
    );
  }
  const body = parsed.data;
  const extra: Record<string, unknown> = unknownFields(body, responseFields) ?? {};
  const id = body.responseId ?? context.generateId("resp");
  if (body.responseId === undefined) extra.responseIdOmitted = true;
  const model = body.modelVersion ?? context.request?.model ?? "unknown";
  if (body.modelVersion === undefined) extra.modelVersionOmitted = true;
  if (body.candidates === undefined) extra.candidatesOmitted = true;
  else if (body.candidates.length === 0) extra.candidatesEmpty = true;

  const [first, ...others] = body.candidates ?? [];
  const decodedFirst = first ? decodeGenerateContentCandidate(first, id) : undefined;
  if (decodedFirst) {
    if (!decodedFirst.finishReason) decodedFirst.extra.finishReasonOmitted = true;
    extra.candidate = decodedFirst.extra;
  }
  const blockReason = (body.promptFeedback as { blockReason?: string } | undefined)?.blockReason;
  const { finishReason, status } = summarizeGenerateContentOutcome(decodedFirst?.finishReason, blockReason);

  let usage: Usage = {};
  if (body.usageMetadata) usage = usageFromGenerateContent(body.usageMetadata, context, "/usageMetadata");
  else extra.usageOmitted = true;

  const response: ChatResponse = { id, model, parts: decodedFirst?.parts ?? [], finishReason, usage, status };
  if ("createTime" in body)
    context.loseAtSource("dropped", "/createTime", "The Vertex AI createTime is not carried");
  if (others.length > 0) {
    response.candidates = others.map((candidate, position) =>
      decodeExtraCandidate(candidate, position + 1, id),
    );
  }
  const extensions = generateContentExtensions(extra);
  if (extensions) response.extensions = extensions;
  traceFields(context, body, responseSources);
  traceExtensions(context, body, "generate-content", Object.keys(extra));
  const usageKept = Object.keys(usage.extensions?.["generate-content"] ?? {});
  traceExtensions(context, body, "generate-content", usageKept, {
    canonical: "/usage",
    source: "/usageMetadata",
  });
  // The first candidate's own fields are kept as `candidate`, the others' in their extensions.
  const candidateKept = Object.keys(decodedFirst?.extra ?? {});
  traceFields(
    context,
    body,
    Object.fromEntries(candidateKept.map((key) => [pointer("/candidate", key), pointer("", key)])),
    { canonical: "/extensions/generate-content", source: "/candidates/0" },
    true,
  );
  response.candidates?.forEach((candidate, position) => {
    // A further candidate's index is its canonical one too.
    const kept = Object.keys(candidate.extensions?.["generate-content"] ?? {}).filter(
      (key) => key !== "index",
    );
    traceExtensions(context, body, "generate-content", kept, {
      canonical: pointer("/candidates", position),
      source: pointer("/candidates", position + 1),
    });
  });
  first?.content?.parts?.forEach((_, index) => {
    context.trace(pointer("/parts", index), pointer("/candidates/0/content/parts", index));
  });
  others.forEach((_, position) => {
    context.trace(pointer("/candidates", position), pointer("/candidates", position + 1));
  });
  return response;
}

/** Canonical response fields and the generate-content fields they come from, for loss paths. */
const responseSources: Record<string, string> = {
  "/id": "/responseId",
  "/model": "/modelVersion",
  "/finishReason": "/candidates/0/finishReason",
  "/status": "/candidates/0/finishReason",
  "/usage": "/usageMetadata",
  "/usage/totalTokens": "/usageMetadata/totalTokenCount",
  "/usage/inputTokens": "/usageMetadata/promptTokenCount",
  "/usage/cacheReadTokens": "/usageMetadata/cachedContentTokenCount",
  "/parts": "/candidates/0/content/parts",
};

/** A candidate after the first as a canonical {@link Candidate}. */
export function decodeExtraCandidate(
  candidate: Parameters<typeof decodeGenerateContentCandidate>[0],
  position: number,
  responseId: string,
): Candidate {
  const decoded = decodeGenerateContentCandidate(candidate, `${responseId}_${position}`);
  const result: Candidate = { index: candidate.index ?? position, parts: decoded.parts };
  if (decoded.finishReason) result.finishReason = decoded.finishReason;
  const extensions = generateContentExtensions(decoded.extra);
  if (extensions) result.extensions = extensions;
  return result;
}
