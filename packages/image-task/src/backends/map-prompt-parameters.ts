import type { Loss } from "@interlingua/core";
import { parsePromptParameters } from "../prompts/parse-prompt-parameters";

/** An image prompt made ready for a chat image model: its text, and the parameters it has fields for. */
export interface MappedImagePrompt {
  /** What to send as the prompt: the text without parameters, plus what only words can carry. */
  text: string;
  /** `--ar` / `--aspect`, as `W:H`. */
  aspectRatio?: string;
  /** `--q` / `--quality` (the bots' 0.25, 0.5, 1, 2). */
  quality?: number;
  /** What could not be carried as asked, with its path (`/prompt/--v`, `/botType`). */
  losses: Loss[];
}

const versionParameters = new Set(["v", "version", "niji"]);

/**
 * Reads the bot-style parameters of a prompt for a chat image model (generate-content, responses),
 * which take none in the prompt: `--ar` and `--q` go to the request's own fields (the builder maps
 * them and reports what it must approximate); `--no` has no field in either format, so it becomes
 * an instruction in the prompt (reported approximated); model versions (`--v`, `--niji`) and every
 * other parameter are dropped (reported). A NIJI bot type asks for an anime style in words.
 */
export function mapPromptParameters(prompt: string, botType?: string): MappedImagePrompt {
  const parsed = parsePromptParameters(prompt);
  const losses: Loss[] = [];
  const instructions: string[] = [];
  const mapped: MappedImagePrompt = { text: parsed.text, losses };
  for (const parameter of parsed.parameters) {
    const { name, value, path } = parameter;
    if (name === "ar" || name === "aspect") {
      const ratio = /^(\d+)\s*:\s*(\d+)$/.exec(value);
      if (ratio !== null && Number(ratio[1]) > 0 && Number(ratio[2]) > 0) {
        mapped.aspectRatio = `${Number(ratio[1])}:${Number(ratio[2])}`;
      } else {
        losses.push({
          code: "dropped",
          path,
          message: `--${name} ${value} is not a ratio W:H; the default is used`,
        });
      }
    } else if (name === "q" || name === "quality") {
      const quality = Number(value);
      if (value !== "" && Number.isFinite(quality) && quality > 0) mapped.quality = quality;
      else losses.push({ code: "dropped", path, message: `--${name} ${value} is not a number` });
    } else if (name === "no") {
      instructions.push(`Do not include: ${value}.`);
      losses.push({
        code: "approximated",
        path,
        message: "The backend's format has no negative prompt; it is sent as an instruction in the prompt",
      });
    } else if (versionParameters.has(name)) {
      losses.push({
        code: "unsupported",
        path,
        message: `The backend has one image model; --${name} ${value} cannot choose another`.trim(),
      });
    } else {
      losses.push({
        code: "unsupported",
        path,
        message: `The backend's format has no field for --${name}; it is not sent`,
      });
    }
  }
  if (botType === "NIJI_GEN") {
    instructions.push("Draw it as an anime illustration.");
    losses.push({
      code: "approximated",
      path: "/botType",
      message: "The backend has no anime (NIJI) model; an anime style is asked for in the prompt",
    });
  }
  if (instructions.length > 0)
    mapped.text = [mapped.text, ...instructions].filter((part) => part !== "").join("\n");
  return mapped;
}

/** `W:H` as a number (width over height). */
export function aspectRatioValue(ratio: string): number {
  const [width, height] = ratio.split(":").map(Number);
  return width! / height!;
}

/** Of `supported` ratios (`W:H`), the one closest to `ratio` (compared on a log scale). */
export function nearestAspectRatio(ratio: string, supported: readonly string[]): string {
  const wanted = Math.log(aspectRatioValue(ratio));
  let best = supported[0]!;
  for (const candidate of supported)
    if (
      Math.abs(Math.log(aspectRatioValue(candidate)) - wanted) <
      Math.abs(Math.log(aspectRatioValue(best)) - wanted)
    )
      best = candidate;
  return best;
}
