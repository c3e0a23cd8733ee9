import type { ChatRequest, ImageProvider, Part } from "@interlingua/core";
import { imageBase64 } from "../images/image-data-url";
import { type ChatImageProviderOptions, createChatImageProvider } from "./create-chat-image-provider";
import { nearestAspectRatio } from "./map-prompt-parameters";

/**
 * The aspect ratios of `generationConfig.imageConfig.aspectRatio` (Gemini API `ImageConfig`:
 * googleapis java-genai `ImageConfig.aspectRatio`, and 4:5 / 5:4 of the Gemini image models' docs).
 */
export const generateContentAspectRatios = [
  "1:1",
  "2:3",
  "3:2",
  "3:4",
  "4:3",
  "4:5",
  "5:4",
  "9:16",
  "16:9",
  "21:9",
] as const;

/**
 * An image backend on a generate-content image model through any `ChatProvider` (normally
 * `createGenerateContentProvider`): each request asks for image output (`outputModalities:
 * ["image"]`, the format's `responseModalities: ["IMAGE"]`) and the images come back as inline
 * media parts. The aspect ratio goes to `generationConfig.imageConfig.aspectRatio` (the nearest
 * supported one, reported approximated when it differs); the format has no quality field (reported).
 * It has no mask field either, so an edit sends the mask as a second image and says in the prompt
 * that its white area is what to redraw.
 */
export function createGenerateContentImageProvider(options: ChatImageProviderOptions): ImageProvider {
  return createChatImageProvider(
    {
      ...options,
      id: options.id ?? `generate-content:${options.model}`,
      // "The total request size limit is 20 MB" for inline data (Gemini API, image understanding).
      inlineLimit: {
        maxInlineBytes: 20 * 1024 * 1024 - 256 * 1024,
        description: "generate-content's 20 MB inline request limit",
      },
    },
    (input, lose) => {
      const parts: Part[] = input.images.map((image) => ({
        type: "media",
        kind: "image",
        source: { type: "base64", data: imageBase64(image) },
        mediaType: image.mediaType,
      }));
      let prompt = input.prompt;
      if (input.mask !== undefined) {
        parts.push({
          type: "media",
          kind: "image",
          source: { type: "base64", data: imageBase64(input.mask) },
          mediaType: input.mask.mediaType,
        });
        prompt = `${prompt}\nThe last image is a mask of the first: change only its white area and keep the black area exactly as it is.`;
      }
      parts.push({ type: "text", text: prompt });
      const request: ChatRequest = {
        model: input.model,
        messages: [{ role: "user", parts }],
        outputModalities: ["image"],
      };
      if (input.aspectRatio !== undefined) {
        const aspectRatio = nearestAspectRatio(input.aspectRatio, generateContentAspectRatios);
        if (aspectRatio !== input.aspectRatio)
          lose({
            code: "approximated",
            path: "/prompt/--ar",
            message: `The format's image models take ${generateContentAspectRatios.join(", ")}; ${input.aspectRatio} became ${aspectRatio}`,
          });
        request.extensions = { "generate-content": { generationConfig: { imageConfig: { aspectRatio } } } };
      }
      if (input.quality !== undefined)
        lose({ code: "unsupported", path: "/prompt/--q", message: "The format has no image quality field" });
      return request;
    },
  );
}
