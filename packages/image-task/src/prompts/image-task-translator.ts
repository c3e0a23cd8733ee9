import type { ChatProvider } from "@interlingua/core";

/** Turns a prompt into English. */
export interface ImageTaskTranslator {
  /** The English text. */
  translate(text: string, options?: { signal?: AbortSignal }): Promise<string>;
}

/** Options of {@link createChatTranslator}. */
export interface ChatTranslatorOptions {
  /** Any chat route (a gateway provider). */
  provider: ChatProvider;
  /** Model name to ask. */
  model: string;
}

/** A translator that asks a chat model for an English image prompt, nothing else. */
export function createChatTranslator(options: ChatTranslatorOptions): ImageTaskTranslator {
  return {
    async translate(text, callOptions) {
      const response = await options.provider.generate(
        {
          model: options.model,
          instructions: [
            {
              role: "system",
              parts: [
                {
                  type: "text",
                  text: "Translate the user's image prompt into English. Keep parameters such as --ar 2:3 and URLs unchanged. Answer with the translated prompt only.",
                },
              ],
            },
          ],
          messages: [{ role: "user", parts: [{ type: "text", text }] }],
          temperature: 0,
        },
        callOptions?.signal === undefined ? {} : { signal: callOptions.signal },
      );
      const translated = response.parts
        .flatMap((part) => (part.type === "text" ? [part.text] : []))
        .join("")
        .trim();
      if (translated === "") throw new Error("the translator answered with no text");
      return translated;
    },
  };
}
