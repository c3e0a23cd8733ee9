import * as z from "zod/mini";
import { Extensions } from "./extensions";
import { OpaqueState } from "./opaque-state";

/** The model's reasoning: visible thinking text, a summary of it, and/or opaque state. */
export const ReasoningPart = z.object({
  type: z.literal("reasoning"),
  /** Visible thinking text (messages `thinking`, generate-content thought parts). */
  text: z.optional(z.string()),
  /** Summary paragraphs of hidden reasoning (responses format `summary`). */
  summary: z.optional(z.array(z.string())),
  /** Opaque state that must go back to the backend unchanged: signature or encrypted content. */
  signature: z.optional(OpaqueState),
  /** True when the reasoning is hidden and only the opaque state is present (redacted thinking). */
  redacted: z.optional(z.boolean()),
  /** Format-specific fields (reasoning item ids, status). */
  extensions: z.optional(Extensions),
});
/** The model's reasoning; see {@link ReasoningPart}. */
export type ReasoningPart = z.infer<typeof ReasoningPart>;
