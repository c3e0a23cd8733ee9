import * as z from "zod/mini";
import { Extensions } from "./extensions";

/**
 * Token counts in one accounting for every format (see `usage/usage-rules.ts` for how each
 * format's counts convert). Counts a format did not report stay undefined, so a round trip
 * does not invent them.
 */
export const Usage = z.object({
  /** All prompt tokens: uncached, read from cache and written to cache. */
  inputTokens: z.optional(z.int()),
  /** Prompt tokens served from cache (included in `inputTokens`). */
  cacheReadTokens: z.optional(z.int()),
  /** Prompt tokens written to cache (included in `inputTokens`). */
  cacheWriteTokens: z.optional(z.int()),
  /** All generated tokens, reasoning included. */
  outputTokens: z.optional(z.int()),
  /** Generated reasoning tokens (included in `outputTokens`). */
  reasoningTokens: z.optional(z.int()),
  /** Tokens the vendor billed in total, when it reports a total. */
  totalTokens: z.optional(z.int()),
  /** Format-specific counts (per-modality details, tool-use prompt tokens, server tool use). */
  extensions: z.optional(Extensions),
});
/** Token counts; see {@link Usage}. */
export type Usage = z.infer<typeof Usage>;
