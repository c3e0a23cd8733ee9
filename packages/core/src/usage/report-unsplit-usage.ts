import type { ConversionContext } from "../conversion/conversion-context";
import type { Usage } from "../model/usage";
import type { UsageAccounting } from "./usage-rules";

/**
 * Reports each canonical count a format's split cannot hold, at that count (`/usage/inputTokens`,
 * `/usage/outputTokens`): a format that counts cache reads and writes apart from its input
 * (messages) or reasoning apart from its output (generate-content, interactions) sends the total
 * less the detail, which is below zero when the detail exceeds the total that includes it (the
 * specs allow the shape; no server sends it). {@link usageToWire} then sends 0, which reads back as
 * the detail alone, so the count is approximated: reported, never silently changed. `format` names
 * the target in the message.
 */
export function reportUnsplitUsage(
  usage: Usage,
  accounting: UsageAccounting,
  format: string,
  context: ConversionContext,
): void {
  if (usage.inputTokens !== undefined) {
    const apart =
      (accounting.inputIncludesCacheRead ? 0 : (usage.cacheReadTokens ?? 0)) +
      (accounting.inputIncludesCacheWrite ? 0 : (usage.cacheWriteTokens ?? 0));
    if (apart > usage.inputTokens)
      context.lose(
        "approximated",
        "/usage/inputTokens",
        `the cached tokens (${apart}) exceed the input tokens that include them (${usage.inputTokens}): the ${format} usage counts them apart, so the input reads as ${apart}`,
      );
  }
  if (usage.outputTokens !== undefined && !accounting.outputIncludesReasoning) {
    const reasoning = usage.reasoningTokens ?? 0;
    if (reasoning > usage.outputTokens)
      context.lose(
        "approximated",
        "/usage/outputTokens",
        `the reasoning tokens (${reasoning}) exceed the output tokens that include them (${usage.outputTokens}): the ${format} usage counts them apart, so the output reads as ${reasoning}`,
      );
  }
}
