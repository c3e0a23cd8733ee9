import type { ChatProvider, ImageBytes } from "@interlingua/core";
import { imageBase64 } from "../images/image-data-url";
import { parsePromptList } from "../prompts/parse-prompt-list";
import { responseText } from "./extract-response-images";

/**
 * Four prompt suggestions for an image from any chat route: the image goes in as a media part and
 * the model answers with a JSON array of four prompts (free text split into lines is accepted too).
 */
export async function describeImageWithChat(
  provider: ChatProvider,
  model: string,
  image: ImageBytes,
  signal?: AbortSignal,
): Promise<string[]> {
  const response = await provider.generate(
    {
      model,
      instructions: [
        {
          role: "system",
          parts: [
            {
              type: "text",
              text: "You write prompts for an image generator. Describe the image as four different prompts that would recreate it, each one line. Answer with a JSON array of exactly four strings.",
            },
          ],
        },
      ],
      messages: [
        {
          role: "user",
          parts: [
            {
              type: "media",
              kind: "image",
              source: { type: "base64", data: imageBase64(image) },
              mediaType: image.mediaType,
            },
            { type: "text", text: "Four prompts for this image." },
          ],
        },
      ],
      outputFormat: {
        type: "json-schema",
        name: "prompts",
        schema: { type: "array", items: { type: "string" }, minItems: 4, maxItems: 4 },
      },
    },
    signal === undefined ? {} : { signal },
  );
  const prompts = parsePromptList(responseText(response));
  if (prompts.length < 4)
    throw new Error(`the describe model gave ${prompts.length} prompts instead of four`);
  return prompts.slice(0, 4);
}
