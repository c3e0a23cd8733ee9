import { type ConversionContext, pointer } from "@interlingua/core";
import { geminiThinkingFamily, nearestThinkingLevel } from "@interlingua/generate-content";
import type { WireObject } from "../interactions-extensions";

/**
 * Makes `generation_config.thinking_level` one the model takes (the Gemini thinking families of the
 * generate-content codec: Gemini 3 Pro takes low and high only): another level becomes the nearest
 * it takes, with an `approximated` loss. Models of no known level family are left alone.
 */
export function legalizeInteractionsThinkingLevel(
  model: string,
  config: WireObject,
  context: ConversionContext,
): void {
  const level = config.thinking_level;
  if (typeof level !== "string") return;
  const family = geminiThinkingFamily(model);
  if (family?.setting !== "level") return;
  const wanted = level.toUpperCase();
  if (family.levels.includes(wanted)) return;
  const nearest = nearestThinkingLevel(wanted, family.levels).toLowerCase();
  context.lose(
    "approximated",
    pointer("/reasoning", "effort"),
    `${model} takes no thinking level ${level}; sent as ${nearest}`,
  );
  config.thinking_level = nearest;
}
