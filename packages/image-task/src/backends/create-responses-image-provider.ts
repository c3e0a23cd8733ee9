import type { ImageAspectRatio, ImageProvider, Part } from "@interlingua/core";
import { imageBase64, imageDataUrl } from "../images/image-data-url";
import { type ChatImageProviderOptions, createChatImageProvider } from "./create-chat-image-provider";

const sizeByAspectRatio: Record<ImageAspectRatio, string> = {
  "1:1": "1024x1024",
  "2:3": "1024x1536",
  "3:2": "1536x1024",
};

/**
 * An image backend on the responses format's image-generation tool through any `ChatProvider`
 * (normally `createResponsesProvider`). The canonical model has no image-generation tool kind, so
 * the tool travels as a hosted tool of kind `other` named `image_generation` whose wire form sits
 * in `extensions.responses.raw` (the responses codec sends it as is): `{ type: "image_generation",
 * size, input_image_mask }`. The `image_generation_call` output item comes back as a hosted-tool
 * call whose `result` is the base64 image.
 */
export function createResponsesImageProvider(options: ChatImageProviderOptions): ImageProvider {
  return createChatImageProvider({ ...options, id: options.id ?? `responses:${options.model}` }, (input) => {
    const parts: Part[] = input.images.map((image) => ({
      type: "media",
      kind: "image",
      source: { type: "base64", data: imageBase64(image) },
      mediaType: image.mediaType,
    }));
    parts.push({ type: "text", text: input.prompt });
    const tool: Record<string, unknown> = { type: "image_generation" };
    if (input.aspectRatio !== undefined) tool.size = sizeByAspectRatio[input.aspectRatio];
    if (input.mask !== undefined) tool.input_image_mask = { image_url: imageDataUrl(input.mask) };
    return {
      model: input.model,
      messages: [{ role: "user", parts }],
      tools: [
        { type: "hosted", kind: "other", name: "image_generation", extensions: { responses: { raw: tool } } },
      ],
      toolChoice: { type: "required" },
      outputModalities: ["image"],
    };
  });
}
