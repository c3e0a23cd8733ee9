import type { ImageProvider, Part } from "@interlingua/core";
import { imageBase64 } from "../images/image-data-url";
import { type ChatImageProviderOptions, createChatImageProvider } from "./create-chat-image-provider";

/**
 * An image backend on a generate-content image model through any `ChatProvider` (normally
 * `createGenerateContentProvider`): each request asks for image output (`outputModalities:
 * ["image"]`, the format's `responseModalities: ["IMAGE"]`) and the images come back as inline
 * media parts. The format has no mask field, so an edit sends the mask as a second image and says
 * in the prompt that its white area is what to redraw.
 */
export function createGenerateContentImageProvider(options: ChatImageProviderOptions): ImageProvider {
  return createChatImageProvider(
    { ...options, id: options.id ?? `generate-content:${options.model}` },
    (input) => {
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
      if (input.aspectRatio !== undefined) prompt = `${prompt}\nAspect ratio ${input.aspectRatio}.`;
      parts.push({ type: "text", text: prompt });
      return { model: input.model, messages: [{ role: "user", parts }], outputModalities: ["image"] };
    },
  );
}
