import * as z from "zod/mini";
import { CacheHint } from "./cache-hint";
import { Citation } from "./citation";
import { Extensions } from "./extensions";
import { OpaqueState } from "./opaque-state";

/** Plain text from the user, the assistant or an instruction. */
export const TextPart = z.object({
  type: z.literal("text"),
  /** The text. */
  text: z.string(),
  /** Sources backing spans of the text (assistant output). */
  citations: z.optional(z.array(Citation)),
  /** Prompt-caching breakpoint after this part. */
  cache: z.optional(CacheHint),
  /** An opaque signature some backends attach to any part (generate-content `thoughtSignature`). */
  signature: z.optional(OpaqueState),
  /** Format-specific fields. */
  extensions: z.optional(Extensions),
});
/** Plain text; see {@link TextPart}. */
export type TextPart = z.infer<typeof TextPart>;
