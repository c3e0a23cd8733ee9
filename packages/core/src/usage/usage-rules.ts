import type { Usage } from "../model/usage";

/** Which counts a format's own usage numbers include. */
export interface UsageAccounting {
  /** The format's input count already includes tokens read from cache. */
  inputIncludesCacheRead: boolean;
  /** The format's input count already includes tokens written to cache. */
  inputIncludesCacheWrite: boolean;
  /** The format's output count already includes reasoning tokens. */
  outputIncludesReasoning: boolean;
}

/**
 * The accounting of each of our formats, in one table:
 * - messages: `input_tokens` excludes `cache_read_input_tokens` and `cache_creation_input_tokens`;
 *   `output_tokens` includes thinking.
 * - responses: `input_tokens` includes `cached_tokens`; `output_tokens` includes `reasoning_tokens`.
 * - chat-completions: `prompt_tokens` includes `prompt_tokens_details.cached_tokens`;
 *   `completion_tokens` includes `completion_tokens_details.reasoning_tokens` (OpenAI's API reference
 *   for the chat completion object; DeepSeek, vLLM and OpenRouter count the same way).
 * - generate-content: `promptTokenCount` includes `cachedContentTokenCount`; `candidatesTokenCount`
 *   excludes `thoughtsTokenCount`.
 */
export const usageAccounting = {
  messages: { inputIncludesCacheRead: false, inputIncludesCacheWrite: false, outputIncludesReasoning: true },
  responses: { inputIncludesCacheRead: true, inputIncludesCacheWrite: true, outputIncludesReasoning: true },
  "chat-completions": {
    inputIncludesCacheRead: true,
    inputIncludesCacheWrite: true,
    outputIncludesReasoning: true,
  },
  "generate-content": {
    inputIncludesCacheRead: true,
    inputIncludesCacheWrite: true,
    outputIncludesReasoning: false,
  },
} as const satisfies Record<string, UsageAccounting>;

/** A format's counts by meaning, before or after applying its {@link UsageAccounting}. */
export interface WireUsageCounts {
  input?: number;
  cacheRead?: number;
  cacheWrite?: number;
  output?: number;
  reasoning?: number;
  total?: number;
}

/** A format's counts → canonical {@link Usage} (whose input and output include everything). */
export function usageFromWire(counts: WireUsageCounts, accounting: UsageAccounting): Usage {
  const usage: Usage = {};
  if (counts.input !== undefined) {
    usage.inputTokens =
      counts.input +
      (accounting.inputIncludesCacheRead ? 0 : (counts.cacheRead ?? 0)) +
      (accounting.inputIncludesCacheWrite ? 0 : (counts.cacheWrite ?? 0));
  }
  if (counts.cacheRead !== undefined) usage.cacheReadTokens = counts.cacheRead;
  if (counts.cacheWrite !== undefined) usage.cacheWriteTokens = counts.cacheWrite;
  if (counts.output !== undefined) {
    usage.outputTokens = counts.output + (accounting.outputIncludesReasoning ? 0 : (counts.reasoning ?? 0));
  }
  if (counts.reasoning !== undefined) usage.reasoningTokens = counts.reasoning;
  if (counts.total !== undefined) usage.totalTokens = counts.total;
  return usage;
}

/**
 * Canonical {@link Usage} → a format's counts, by its {@link UsageAccounting}. Never negative: a
 * detail above the count that includes it leaves 0, which the encoder reports (`reportUnsplitUsage`).
 */
export function usageToWire(usage: Usage, accounting: UsageAccounting): WireUsageCounts {
  const counts: WireUsageCounts = {};
  if (usage.inputTokens !== undefined) {
    counts.input = Math.max(
      0,
      usage.inputTokens -
        (accounting.inputIncludesCacheRead ? 0 : (usage.cacheReadTokens ?? 0)) -
        (accounting.inputIncludesCacheWrite ? 0 : (usage.cacheWriteTokens ?? 0)),
    );
  }
  if (usage.cacheReadTokens !== undefined) counts.cacheRead = usage.cacheReadTokens;
  if (usage.cacheWriteTokens !== undefined) counts.cacheWrite = usage.cacheWriteTokens;
  if (usage.outputTokens !== undefined) {
    counts.output = Math.max(
      0,
      usage.outputTokens - (accounting.outputIncludesReasoning ? 0 : (usage.reasoningTokens ?? 0)),
    );
  }
  if (usage.reasoningTokens !== undefined) counts.reasoning = usage.reasoningTokens;
  if (usage.totalTokens !== undefined) counts.total = usage.totalTokens;
  return counts;
}
