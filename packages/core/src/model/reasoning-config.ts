import * as z from "zod/mini";

/** How much the model should reason before answering, and what of it to return. */
export const ReasoningConfig = z.object({
  /** Extended thinking on or off (messages `thinking.type`). */
  enabled: z.optional(z.boolean()),
  /** Token budget for thinking (messages `budget_tokens`, generate-content `thinkingBudget`). */
  budgetTokens: z.optional(z.int()),
  /** Effort level (responses `effort`): `minimal`, `low`, `medium`, `high`, or a newer vendor value. */
  effort: z.optional(z.string()),
  /** Reasoning summary requested (responses `summary`): `auto`, `concise`, `detailed`. */
  summary: z.optional(z.string()),
  /** Whether thought text is returned (generate-content `includeThoughts`). */
  includeThoughts: z.optional(z.boolean()),
});
/** Reasoning settings; see {@link ReasoningConfig}. */
export type ReasoningConfig = z.infer<typeof ReasoningConfig>;
