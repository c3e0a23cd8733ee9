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
      context?.lose("dropped", `${path}/${field}`, `The Vertex AI ${field} is not carried`);
  const usage = usageFromWire(
    {
      input: metadata.promptTokenCount,
      cacheRead: metadata.cachedContentTokenCount,
      output: metadata.candidatesTokenCount,
      reasoning: metadata.thoughtsTokenCount,
      total: metadata.totalTokenCount,
    },
    usageAccounting["generate-content"],
  );
  const extra = unknownFields(metadata, countFields);
  const extensions = extra && generateContentExtensions(extra);
  if (extensions) usage.extensions = extensions;
  return usage;
}

/** Canonical usage as `usageMetadata`; the inverse of {@link usageFromGenerateContent}. */
export function usageToGenerateContent(usage: Usage): GenerateContentUsageMetadata {
  const counts = usageToWire(usage, usageAccounting["generate-content"]);
  const metadata: GenerateContentUsageMetadata = {};
  if (counts.input !== undefined) metadata.promptTokenCount = counts.input;
  if (counts.cacheRead !== undefined) metadata.cachedContentTokenCount = counts.cacheRead;
  if (counts.output !== undefined) metadata.candidatesTokenCount = counts.output;
  if (counts.reasoning !== undefined) metadata.thoughtsTokenCount = counts.reasoning;
  if (counts.total !== undefined) metadata.totalTokenCount = counts.total;
  Object.assign(metadata, usage.extensions?.["generate-content"]);
  return metadata;
}
