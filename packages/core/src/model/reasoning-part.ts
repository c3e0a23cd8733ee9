import * as z from "zod";
import { Extensions } from "./extensions";
import { OpaqueState } from "./opaque-state";

/** The model's reasoning: visible thinking text, a summary of it, and/or opaque state. */
export const ReasoningPart = z.object({
  type: z.literal("reasoning"),
  /** Visible thinking text (messages `thinking`, generate-content thought parts). */
  text: z.string().optional(),
  /** Summary paragraphs of hidden reasoning (responses format `summary`). */
  summary: z.array(z.string()).optional(),
  /** Opaque state that must go back to the backend unchanged: signature or encrypted content. */
  signature: OpaqueState.optional(),
  /** True when the reasoning is hidden and only the opaque state is present (redacted thinking). */
  redacted: z.boolean().optional(),
  /** Format-specific fields (reasoning item ids, status). */
  extensions: Extensions.optional(),
});
/** The model's reasoning; see {@link ReasoningPart}. */
export type ReasoningPart = z.infer<typeof ReasoningPart>;
