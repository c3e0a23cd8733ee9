import { type ConversionContext, pointer, type ReasoningConfig, reasoningOfEffort } from "@interlingua/core";
import type { WireObject } from "../interactions-extensions";

/** The thinking levels this format names (`ThinkingLevel`). */
const thinkingLevels = ["minimal", "low", "medium", "high"];

/** The thinking level closest to a token budget (approximated: the format takes levels only). */
function levelOfBudget(budget: number): string {
  if (budget <= 0) return "minimal";
  if (budget <= 1024) return "low";
  if (budget <= 8192) return "medium";
  return "high";
}

/**
 * `thinking_level` and `thinking_summaries` as canonical reasoning settings (`none` as thoughts left
 * out), or undefined.
 */
export function decodeInteractionsReasoning(config: WireObject): ReasoningConfig | undefined {
  // A level turns thinking on (decision 0044).
  const reasoning: ReasoningConfig =
    typeof config.thinking_level === "string" ? reasoningOfEffort(config.thinking_level) : {};
  // `none` is thoughts left out, not a kind of summary another format could be asked for.
  if (config.thinking_summaries === "none") reasoning.includeThoughts = false;
  else if (typeof config.thinking_summaries === "string") reasoning.summary = config.thinking_summaries;
  return Object.keys(reasoning).length > 0 ? reasoning : undefined;
}

/**
 * Canonical reasoning settings as `thinking_level` / `thinking_summaries`: an effort this format
 * names is sent as is; another effort, a token budget or thinking switched off become the closest
 * level (approximated); a request for thoughts or a `concise` / `detailed` summary become
 * `thinking_summaries: "auto"`.
 */
export function encodeInteractionsReasoning(
  reasoning: ReasoningConfig,
  path: string,
  context: ConversionContext,
  config: WireObject,
): void {
  if (reasoning.effort !== undefined) {
    if (thinkingLevels.includes(reasoning.effort)) config.thinking_level = reasoning.effort;
    else {
      config.thinking_level = reasoning.effort === "none" ? "minimal" : "high";
      context.lose(
        "approximated",
        pointer(path, "effort"),
        `Effort ${reasoning.effort} is sent as thinking level ${config.thinking_level}`,
      );
    }
    // A budget or thinking turned off has no place beside a level: the effort's level is sent, and
    // thinking goes by it (the whole setting: a fixed budget is another kind of thinking).
    if (reasoning.budgetTokens !== undefined)
      context.lose(
        "dropped",
        path,
        "A thinking budget has no place beside a thinking level: thinking goes by the level",
      );
    if (reasoning.enabled === false)
      context.lose(
        "dropped",
        pointer(path, "enabled"),
        "Thinking switched off has no place beside a thinking level",
      );
  } else if (reasoning.budgetTokens !== undefined) {
    config.thinking_level = levelOfBudget(reasoning.enabled === false ? 0 : reasoning.budgetTokens);
    // The whole setting: thinking on with a budget becomes a level.
    context.lose(
      "approximated",
      path,
      `A thinking budget is sent as thinking level ${config.thinking_level}`,
    );
    // A level the caller did not set: their own effort field when they sent it null, else the setting.
    if (context.sourcePath(pointer(path, "effort")) !== context.sourcePath(path))
      context.lose(
        "approximated",
        pointer(path, "effort"),
        `The thinking budget is sent as thinking level ${config.thinking_level}`,
      );
  } else if (reasoning.enabled === false) {
    config.thinking_level = "minimal";
    context.lose(
      "approximated",
      pointer(path, "enabled"),
      "Thinking switched off is sent as thinking level minimal",
    );
  } else if (reasoning.enabled === true) {
    // Thinking on at the model's discretion (messages `adaptive`) has no level: none is sent.
    context.lose(
      "approximated",
      pointer(path, "enabled"),
      "Thinking on with no level is sent as no level (the model's default)",
    );
  }
  if (reasoning.summary === "auto" || reasoning.summary === "none")
    config.thinking_summaries = reasoning.summary;
  else if (reasoning.summary !== undefined) {
    config.thinking_summaries = "auto";
    context.lose(
      "approximated",
      pointer(path, "summary"),
      `A ${reasoning.summary} summary is sent as thinking_summaries auto`,
    );
  } else if (reasoning.includeThoughts !== undefined) {
    config.thinking_summaries = reasoning.includeThoughts ? "auto" : "none";
  }
}
