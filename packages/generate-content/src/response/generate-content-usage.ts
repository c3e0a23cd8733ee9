import {
  type ConversionContext,
  type Usage,
  usageAccounting,
  usageFromWire,
  usageToWire,
} from "@interlingua/core";
import { generateContentExtensions, unknownFields } from "../wire/generate-content-extensions";
import type { GenerateContentUsageMetadata } from "../wire/generate-content-response-schema";

/** Vertex AI billing fields, which a generate-content client never receives. */
const vertexFields = new Set(["trafficType"]);
const countFields = new Set([
  ...vertexFields,
  "promptTokenCount",
  "cachedContentTokenCount",
  "candidatesTokenCount",
  "thoughtsTokenCount",
  "totalTokenCount",
]);

/** Marks usage whose `candidatesTokenCount` was absent (thoughts only), so it is absent again. */
const candidatesOmittedMark = "candidatesTokenCountOmitted";
/** Marks generate-content usage without a `totalTokenCount`, so none is added up for it again. */
const totalOmittedMark = "totalTokenCountOmitted";

/**
 * `usageMetadata` as canonical usage by the format's accounting (`promptTokenCount` includes
 * `cachedContentTokenCount`; output adds `thoughtsTokenCount` to `candidatesTokenCount`). The
 * per-modality details, tool-use prompt tokens and other fields stay in the usage's extensions;
 * the Vertex AI `trafficType` is dropped with a loss (SPEC-NOTES: decode that dialect, never emit it),
 * recorded in `context` (a caller decoding the same usage again passes none).
 */
export function usageFromGenerateContent(
  metadata: GenerateContentUsageMetadata,
  context: ConversionContext | undefined,
  path: string,
): Usage {
  for (const field of vertexFields)
    if (field in metadata)
      context?.loseAtSource("dropped", `${path}/${field}`, `The Vertex AI ${field} is not carried`);
  // Thinking without any answer tokens comes with no `candidatesTokenCount`: the output is the
  // thoughts alone (never undefined, which other formats would report as zero output).
  const candidatesOmitted =
    metadata.candidatesTokenCount === undefined && metadata.thoughtsTokenCount !== undefined;
  const usage = usageFromWire(
    {
      input: metadata.promptTokenCount,
      cacheRead: metadata.cachedContentTokenCount,
      output: candidatesOmitted ? 0 : metadata.candidatesTokenCount,
      reasoning: metadata.thoughtsTokenCount,
      total: metadata.totalTokenCount,
    },
    usageAccounting["generate-content"],
  );
  const extra = unknownFields(metadata, countFields);
  const marked =
    candidatesOmitted || metadata.totalTokenCount === undefined
      ? {
          ...extra,
          ...(candidatesOmitted && { [candidatesOmittedMark]: true }),
          ...(metadata.totalTokenCount === undefined && { [totalOmittedMark]: true }),
        }
      : extra;
  const extensions = marked && generateContentExtensions(marked);
  if (extensions) usage.extensions = extensions;
  return usage;
}

/**
 * Canonical usage as `usageMetadata`; the inverse of {@link usageFromGenerateContent}. Usage from a
 * format without a total (messages) gets the total the API would say, the sum of prompt, answer,
 * thought and tool-use prompt tokens, when the input and output counts are known (generate-content
 * usage that came without one stays without).
 */
export function usageToGenerateContent(usage: Usage): GenerateContentUsageMetadata {
  const counts = usageToWire(usage, usageAccounting["generate-content"]);
  const metadata: GenerateContentUsageMetadata = {};
  if (counts.input !== undefined) metadata.promptTokenCount = counts.input;
  if (counts.cacheRead !== undefined) metadata.cachedContentTokenCount = counts.cacheRead;
  const {
    [candidatesOmittedMark]: candidatesOmitted,
    [totalOmittedMark]: totalOmitted,
    ...extra
  } = usage.extensions?.["generate-content"] ?? {};
  if (counts.output !== undefined && !(candidatesOmitted === true && counts.output === 0))
    metadata.candidatesTokenCount = counts.output;
  if (counts.reasoning !== undefined) metadata.thoughtsTokenCount = counts.reasoning;
  if (counts.total !== undefined) metadata.totalTokenCount = counts.total;
  else if (totalOmitted !== true && usage.inputTokens !== undefined && usage.outputTokens !== undefined) {
    const toolUse = extra.toolUsePromptTokenCount;
    metadata.totalTokenCount =
      usage.inputTokens + usage.outputTokens + (typeof toolUse === "number" ? toolUse : 0);
  }
  Object.assign(metadata, extra);
  return metadata;
}
