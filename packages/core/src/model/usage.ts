import * as z from "zod";
import { Extensions } from "./extensions";

/**
 * Token counts in one accounting for every format (see `usage/usage-rules.ts` for how each
 * format's counts convert). Counts a format did not report stay undefined, so a round trip
 * does not invent them.
 */
export const Usage = z.object({
  /** All prompt tokens: uncached, read from cache and written to cache. */
  inputTokens: z.number().int().optional(),
  /** Prompt tokens served from cache (included in `inputTokens`). */
  cacheReadTokens: z.number().int().optional(),
  /** Prompt tokens written to cache (included in `inputTokens`). */
  cacheWriteTokens: z.number().int().optional(),
  /** All generated tokens, reasoning included. */
  outputTokens: z.number().int().optional(),
  /** Generated reasoning tokens (included in `outputTokens`). */
  reasoningTokens: z.number().int().optional(),
  /** Tokens the vendor billed in total, when it reports a total. */
  totalTokens: z.number().int().optional(),
  /** Format-specific counts (per-modality details, tool-use prompt tokens, server tool use). */
  extensions: Extensions.optional(),
});
/** Token counts; see {@link Usage}. */
export type Usage = z.infer<typeof Usage>;
