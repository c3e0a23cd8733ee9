import type { ChatProvider } from "@interlingua/core";
import { responseText } from "../backends/extract-response-images";
import { parsePromptList } from "./parse-prompt-list";

/** Shortens a long image prompt into a few short ones (the proxies' `/shorten`). */
export interface ImageTaskShortener {
  /** Five shorter prompts keeping what matters in `prompt`. */
  shorten(prompt: string, options?: { signal?: AbortSignal }): Promise<string[]>;
}

/** Options of {@link createChatShortener}. */
export interface ChatShortenerOptions {
  /** Any chat route (a gateway provider). */
  provider: ChatProvider;
  /** Model name to ask. */
  model: string;
}

/** How many prompts a shorten answers, as the proxies' `/shorten` does. */
export const shortenedPromptCount = 5;

/** A shortener that asks a chat model for a JSON array of five shorter prompts. */
export function createChatShortener(options: ChatShortenerOptions): ImageTaskShortener {
  return {
    async shorten(prompt, callOptions) {
      const response = await options.provider.generate(
        {
          model: options.model,
          instructions: [
            {
              role: "system",
              parts: [
                {
                  type: "text",
                  text: `You shorten prompts for an image generator. Rewrite the user's prompt as ${shortenedPromptCount} shorter prompts, from the shortest to the longest, keeping its most important words and any parameters such as --ar 2:3 unchanged. Answer with a JSON array of exactly ${shortenedPromptCount} strings.`,
                },
              ],
            },
          ],
          messages: [{ role: "user", parts: [{ type: "text", text: prompt }] }],
          outputFormat: {
            type: "json-schema",
            name: "prompts",
            schema: {
              type: "array",
              items: { type: "string" },
              minItems: shortenedPromptCount,
              maxItems: shortenedPromptCount,
            },
          },
          temperature: 0,
        },
        callOptions?.signal === undefined ? {} : { signal: callOptions.signal },
      );
      const prompts = parsePromptList(responseText(response));
      if (prompts.length === 0) throw new Error("the shorten model gave no prompts");
      return prompts.slice(0, shortenedPromptCount);
    },
  };
}
