import * as z from "zod";

/** How much the model should reason before answering, and what of it to return. */
export const ReasoningConfig = z.object({
  /** Extended thinking on or off (messages `thinking.type`). */
  enabled: z.boolean().optional(),
  /** Token budget for thinking (messages `budget_tokens`, generate-content `thinkingBudget`). */
  budgetTokens: z.number().int().optional(),
  /** Effort level (responses `effort`): `minimal`, `low`, `medium`, `high`, or a newer vendor value. */
  effort: z.string().optional(),
  /** Reasoning summary requested (responses `summary`): `auto`, `concise`, `detailed`. */
  summary: z.string().optional(),
  /** Whether thought text is returned (generate-content `includeThoughts`). */
  includeThoughts: z.boolean().optional(),
});
/** Reasoning settings; see {@link ReasoningConfig}. */
export type ReasoningConfig = z.infer<typeof ReasoningConfig>;
