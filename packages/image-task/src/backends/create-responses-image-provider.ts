import type { ImageProvider, Part } from "@interlingua/core";
import { imageBase64, imageDataUrl } from "../images/image-data-url";
import { type ChatImageProviderOptions, createChatImageProvider } from "./create-chat-image-provider";
import { nearestAspectRatio } from "./map-prompt-parameters";

/** The image tool's `size`s (OpenAI Responses `image_generation` tool, gpt-image-1), by aspect ratio. */
const sizeByAspectRatio: Record<string, string> = {
  "1:1": "1024x1024",
  "2:3": "1024x1536",
  "3:2": "1536x1024",
};

/** The tool's `quality` for the bots' `--q` (0.25, 0.5, 1 and above). */
function toolQuality(quality: number): "low" | "medium" | "high" {
  return quality <= 0.25 ? "low" : quality <= 0.5 ? "medium" : "high";
}

/**
 * An image backend on the responses format's image-generation tool through any `ChatProvider`
 * (normally `createResponsesProvider`). The canonical model has no image-generation tool kind, so
 * the tool travels as a hosted tool of kind `other` named `image_generation` whose wire form sits
 * in `extensions.responses.raw` (the responses codec sends it as is): `{ type: "image_generation",
 * size, quality, input_image_mask }` (`size` the nearest to the aspect ratio asked, reported
 * approximated when it differs; `quality` from `--q`). The `image_generation_call` output item comes
 * back as a hosted-tool call whose `result` is the base64 image.
 */
export function createResponsesImageProvider(options: ChatImageProviderOptions): ImageProvider {
  return createChatImageProvider(
    {
      ...options,
      id: options.id ?? `responses:${options.model}`,
      // "Up to 50 MB total payload size per request" of image inputs (OpenAI, images and vision).
      inlineLimit: {
        maxInlineBytes: 50 * 1024 * 1024 - 256 * 1024,
        description: "the responses format's 50 MB image payload limit",
      },
    },
    (input, lose) => {
      const parts: Part[] = input.images.map((image) => ({
        type: "media",
        kind: "image",
        source: { type: "base64", data: imageBase64(image) },
        mediaType: image.mediaType,
      }));
      parts.push({ type: "text", text: input.prompt });
      const tool: Record<string, unknown> = { type: "image_generation" };
      if (input.aspectRatio !== undefined) {
        const ratio = nearestAspectRatio(input.aspectRatio, Object.keys(sizeByAspectRatio));
        tool.size = sizeByAspectRatio[ratio];
        if (ratio !== input.aspectRatio)
          lose({
            code: "approximated",
            path: "/prompt/--ar",
            message: `The image tool's sizes are 1024x1024, 1024x1536 and 1536x1024; ${input.aspectRatio} became ${tool.size}`,
          });
      }
      if (input.quality !== undefined) {
        tool.quality = toolQuality(input.quality);
        if (![0.25, 0.5, 1].includes(input.quality))
          lose({
            code: "approximated",
            path: "/prompt/--q",
            message: `--q ${input.quality} became quality ${tool.quality}`,
          });
      }
      if (input.mask !== undefined) tool.input_image_mask = { image_url: imageDataUrl(input.mask) };
      return {
        model: input.model,
        messages: [{ role: "user", parts }],
        tools: [
          {
            type: "hosted",
            kind: "other",
            name: "image_generation",
            extensions: { responses: { raw: tool } },
          },
        ],
        toolChoice: { type: "required" },
        outputModalities: ["image"],
      };
    },
  );
}
