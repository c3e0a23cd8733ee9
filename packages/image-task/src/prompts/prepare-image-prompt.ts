import type { ImageTaskTranslator } from "./image-task-translator";

/** A prompt ready for a backend. */
export interface PreparedImagePrompt {
  /** As the caller wrote it. */
  prompt: string;
  /** In English. */
  promptEn: string;
  /** How `promptEn` came about: `not-needed` (no Chinese), `translated`, or `no-translator` (kept as is). */
  translation: "not-needed" | "translated" | "no-translator";
}

const hanPattern = /\p{Script=Han}/u;

/** Translates a prompt with Chinese in it; without a translator `promptEn` is the prompt and says so. */
export async function prepareImagePrompt(
  prompt: string,
  translator: ImageTaskTranslator | undefined,
): Promise<PreparedImagePrompt> {
  if (!hanPattern.test(prompt)) return { prompt, promptEn: prompt, translation: "not-needed" };
  if (translator === undefined) return { prompt, promptEn: prompt, translation: "no-translator" };
  return { prompt, promptEn: await translator.translate(prompt), translation: "translated" };
}

/**
 * The first banned word found in any of `texts`, case-insensitively: whole words for words made of
 * letters and digits, anywhere for others (Chinese words have no spaces around them).
 */
export function findBannedWord(texts: readonly string[], bannedWords: readonly string[]): string | undefined {
  const lowered = texts.map((text) => text.toLowerCase());
  for (const word of bannedWords) {
    const needle = word.trim().toLowerCase();
    if (needle === "") continue;
    const pattern =
      /^[\p{L}\p{N}]+$/u.test(needle) && !hanPattern.test(needle)
        ? new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(needle)}(?![\\p{L}\\p{N}])`, "u")
        : undefined;
    if (lowered.some((text) => (pattern === undefined ? text.includes(needle) : pattern.test(text))))
      return word;
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
