/**
 * How each Gemini model family takes its thinking setting, from the thinking guide
 * (ai.google.dev/gemini-api/docs/thinking) and the Gemini 3 guide (ai.google.dev/gemini-api/docs/gemini-3):
 * 2.5 models take a `thinkingBudget` within a range (-1 for dynamic; 0 turns thinking off where it
 * can be off) and refuse `thinkingLevel`; Gemini 3 models take a `thinkingLevel` from their own
 * list and cannot turn thinking off.
 */
export type GeminiThinkingFamily =
  | { setting: "budget"; min: number; max: number; canTurnOff: boolean }
  | { setting: "level"; levels: readonly string[] };

/** Model-name patterns and their thinking family, first match wins. */
export type GeminiThinkingFamilies = readonly (readonly [RegExp, GeminiThinkingFamily])[];

/** Model-name patterns and their family, most specific first; callers may put their own in front. */
export const geminiThinkingFamilies: [RegExp, GeminiThinkingFamily][] = [
  [/^gemini-2\.5-pro/, { setting: "budget", min: 128, max: 32_768, canTurnOff: false }],
  [/^gemini-2\.5-flash-lite/, { setting: "budget", min: 512, max: 24_576, canTurnOff: true }],
  [/^gemini-2\.5-flash/, { setting: "budget", min: 1, max: 24_576, canTurnOff: true }],
  [/^gemini-3(\.\d+)?-pro/, { setting: "level", levels: ["LOW", "HIGH"] }],
  [/^gemini-3(\.\d+)?-flash/, { setting: "level", levels: ["MINIMAL", "LOW", "MEDIUM", "HIGH"] }],
];

/**
 * The thinking family of a model (`models/` prefix or not): the first of `extra` whose pattern
 * matches (a provider's own rules), else of {@link geminiThinkingFamilies}; undefined for a model in
 * neither.
 */
export function geminiThinkingFamily(
  model: string,
  extra: GeminiThinkingFamilies = [],
): GeminiThinkingFamily | undefined {
  const name = model.replace(/^models\//, "");
  const matches = ([pattern]: readonly [RegExp, GeminiThinkingFamily]) => pattern.test(name);
  return (extra.find(matches) ?? geminiThinkingFamilies.find(matches))?.[1];
}

/** Thinking levels from least to most, for choosing the nearest one a family has. */
export const geminiThinkingLevels = ["MINIMAL", "LOW", "MEDIUM", "HIGH"] as const;

/**
 * The level of `levels` nearest to `wanted` (ties go up), by {@link geminiThinkingLevels}; a level
 * outside that list (`XHIGH`) gets the highest.
 */
export function nearestThinkingLevel(wanted: string, levels: readonly string[]): string {
  const rank = (level: string) =>
    geminiThinkingLevels.indexOf(level as (typeof geminiThinkingLevels)[number]);
  const target = rank(wanted);
  let best = levels[levels.length - 1]!;
  if (target === -1) return best;
  for (const level of levels) {
    const distance = Math.abs(rank(level) - target);
    const bestDistance = Math.abs(rank(best) - target);
    if (distance < bestDistance || (distance === bestDistance && rank(level) > rank(best))) best = level;
  }
  return best;
}

/** The budget a reasoning effort stands for on a budget family (approximate by nature; others are dynamic, -1). */
export const budgetByEffort: Record<string, number> = { minimal: 512, low: 1024, medium: 8192, high: 24_576 };
