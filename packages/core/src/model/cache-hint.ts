import * as z from "zod/mini";

/** A prompt-caching breakpoint on a part, tool or instruction (`cache_control` in the messages format). */
export const CacheHint = z.object({
  /** The only kind any format defines today. */
  type: z.literal("ephemeral"),
  /** Time to live as the vendor spells it (`"5m"`, `"1h"`), when given. */
  ttl: z.optional(z.string()),
});
/** A prompt-caching breakpoint; see {@link CacheHint}. */
export type CacheHint = z.infer<typeof CacheHint>;
