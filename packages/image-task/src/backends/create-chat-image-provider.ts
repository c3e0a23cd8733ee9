import type {
  ChatProvider,
  ChatRequest,
  ImageBytes,
  ImageCallOptions,
  ImageProvider,
  ImageResult,
  Loss,
} from "@interlingua/core";
import { fitInlineImages } from "../images/fit-inline-images";
import { fitMask, preparePanCanvas, prepareZoomCanvas } from "../images/prepare-outpaint-canvas";
import { upscaleTwice } from "../images/upscale-twice";
import { describeImageWithChat } from "./describe-image-with-chat";
import { extractResponseImages, responseText } from "./extract-response-images";
import { type MappedImagePrompt, mapPromptParameters } from "./map-prompt-parameters";

/** One image request for a chat image model. */
export interface ChatImageRequestInput {
  /** Model to ask. */
  model: string;
  /** What to draw. */
  prompt: string;
  /** Input images, in order. */
  images: ImageBytes[];
  /** Area of the first image to redraw (white), when editing. */
  mask?: ImageBytes;
  /** Aspect ratio wanted, `W:H` (`--ar`, blend dimensions). */
  aspectRatio?: string;
  /** Quality wanted (`--q`: 0.25, 0.5, 1, 2). */
  quality?: number;
}

/** Options shared by the chat-based image backends. */
export interface ChatImageProviderOptions {
  /** The chat route that makes images (any `ChatProvider`). */
  provider: ChatProvider;
  /** Image model name. */
  model: string;
  /** Model for describe (text out); default `model`. */
  describeModel?: string;
  /** Backend id; default derived from the provider. */
  id?: string;
}

/** A format's limit on the images inline in one request. */
export interface InlineImageLimit {
  /** Most base64 bytes of images in one request (the documented limit less room for the rest). */
  maxInlineBytes: number;
  /** The limit in words, for loss messages (`generate-content's 20 MB inline request limit`). */
  description: string;
}

/**
 * What differs between the chat formats: how one image request is built, mapping `aspectRatio`
 * and `quality` to the format's own fields and reporting through `lose` what it cannot carry.
 */
export type ChatImageRequestBuilder = (
  input: ChatImageRequestInput,
  lose: (loss: Loss) => void,
) => ChatRequest;

const gridSize = 4;

/**
 * An image backend on a chat route: a grid is four single-image requests run in parallel and
 * composed by the engine; U1-U4 return the chosen candidate at twice its size (sharp, Lanczos);
 * V1-V4 and vary ask for four new images with the chosen one as reference; pan and zoom put the
 * image on a larger canvas and ask for four edits with the mask of the new area; vary region asks
 * for four edits with the caller's mask (pan, zoom and vary give a new grid, as the bot does);
 * face swap sends both images; describe asks the chat route for four prompts.
 */
export function createChatImageProvider(
  options: ChatImageProviderOptions & { id: string; inlineLimit: InlineImageLimit },
  build: ChatImageRequestBuilder,
): ImageProvider {
  const { provider, model } = options;

  /** Losses of one operation, once per path (a grid builds four requests). */
  type Losses = Map<string, Loss>;

  /**
   * The input with its images made to fit the format's inline limit (downscaled and reported,
   * never refused upstream); done once per operation, not per request of a grid.
   */
  async function fitted(
    input: Omit<ChatImageRequestInput, "model">,
    losses: Losses,
  ): Promise<Omit<ChatImageRequestInput, "model">> {
    const all = input.mask === undefined ? input.images : [...input.images, input.mask];
    const fit = await fitInlineImages(
      all,
      options.inlineLimit.maxInlineBytes,
      options.inlineLimit.description,
    );
    for (const loss of fit.losses) losses.set(loss.path, loss);
    return {
      ...input,
      images: fit.images.slice(0, input.images.length),
      ...(input.mask === undefined ? {} : { mask: fit.images[input.images.length]! }),
    };
  }

  async function one(
    sized: Omit<ChatImageRequestInput, "model">,
    call: ImageCallOptions,
    losses: Losses,
  ): Promise<ImageBytes> {
    const response = await provider.generate(
      build({ ...sized, model }, (loss) => losses.set(loss.path, loss)),
      call.signal === undefined ? {} : { signal: call.signal },
    );
    const [image] = extractResponseImages(response);
    if (image === undefined) {
      const text = responseText(response).trim();
      throw new Error(
        `the image model answered without an image${text === "" ? "" : `: ${text.slice(0, 200)}`}`,
      );
    }
    return image;
  }

  async function grid(
    input: Omit<ChatImageRequestInput, "model">,
    call: ImageCallOptions,
    mapped?: MappedImagePrompt,
  ): Promise<ImageResult> {
    call.onProgress?.(0);
    let done = 0;
    const losses: Losses = new Map((mapped?.losses ?? []).map((loss) => [loss.path, loss]));
    const sized = await fitted(input, losses);
    const images = await Promise.all(
      Array.from({ length: gridSize }, async () => {
        const image = await one(sized, call, losses);
        done++;
        call.onProgress?.(Math.round((done / gridSize) * 90));
        return image;
      }),
    );
    return withLosses({ layout: "grid", images }, losses);
  }

  async function single(
    input: Omit<ChatImageRequestInput, "model">,
    call: ImageCallOptions,
    mapped?: MappedImagePrompt,
  ): Promise<ImageResult> {
    call.onProgress?.(0);
    const losses: Losses = new Map((mapped?.losses ?? []).map((loss) => [loss.path, loss]));
    const image = await one(await fitted(input, losses), call, losses);
    call.onProgress?.(90);
    return withLosses({ layout: "single", images: [image] }, losses);
  }

  /** The prompt fields of a request from a mapped prompt. */
  function fieldsOf(mapped: MappedImagePrompt): Pick<ChatImageRequestInput, "aspectRatio" | "quality"> {
    return {
      ...(mapped.aspectRatio === undefined ? {} : { aspectRatio: mapped.aspectRatio }),
      ...(mapped.quality === undefined ? {} : { quality: mapped.quality }),
    };
  }

  function chosen(images: readonly ImageBytes[], index: number): ImageBytes {
    const image = images[index - 1] ?? (images.length === 1 ? images[0] : undefined);
    if (image === undefined) throw new Error(`the source has no image ${index}`);
    return image;
  }

  const capabilities: ImageProvider["capabilities"] = {
    operations: ["generate", "blend", "describe", "edit", "upscale", "vary", "pan", "zoom", "swapFace"],
    customZoom: true,
    seeds: false,
  };

  return {
    id: options.id,
    capabilities,
    generate: (input, call = {}) => {
      const mapped = mapPromptParameters(input.prompt, call.botType);
      return grid({ prompt: mapped.text, images: input.images ?? [], ...fieldsOf(mapped) }, call, mapped);
    },
    blend: (input, call = {}) => {
      const mapped = mapPromptParameters(
        `Blend these ${input.images.length} images into one new, coherent image that combines their subjects and styles.`,
        call.botType,
      );
      return grid(
        {
          prompt: mapped.text,
          images: input.images,
          ...(input.aspectRatio === undefined ? {} : { aspectRatio: input.aspectRatio }),
        },
        call,
        mapped,
      );
    },
    describe: async (input, call = {}) => {
      call.onProgress?.(0);
      const prompts = await describeImageWithChat(
        provider,
        options.describeModel ?? model,
        input.image,
        call.signal,
      );
      return { prompts };
    },
    upscale: async (input, call = {}) => {
      call.onProgress?.(0);
      return { layout: "single", images: [await upscaleTwice(chosen(input.source.images, input.index))] };
    },
    vary: (input, call = {}) => {
      const mapped = mapPromptParameters(input.prompt ?? input.source.prompt, call.botType);
      return grid(
        {
          prompt:
            `Make a ${input.strength === "subtle" ? "subtle variation that keeps the composition and details" : "strong variation that keeps the subject but changes composition and details"} of this image. ${mapped.text}`.trim(),
          images: [
            chosen(
              input.source.images.length > 0 ? input.source.images : [input.source.composite],
              input.index,
            ),
          ],
          ...fieldsOf(mapped),
        },
        call,
        mapped,
      );
    },
    pan: async (input, call = {}) => {
      const mapped = mapPromptParameters(input.prompt ?? input.source.prompt, call.botType);
      const canvas = await preparePanCanvas(chosen(input.source.images, input.index), input.direction);
      return grid(
        {
          prompt:
            `Extend this image to the ${input.direction}: paint the transparent area so it continues the scene seamlessly. ${mapped.text}`.trim(),
          images: [canvas.image],
          mask: canvas.mask,
        },
        call,
        mapped,
      );
    },
    zoom: async (input, call = {}) => {
      const mapped = mapPromptParameters(input.prompt ?? input.source.prompt, call.botType);
      // Custom zoom honours --ar: the canvas takes that shape around the shrunk image.
      const canvas = await prepareZoomCanvas(
        chosen(input.source.images, input.index),
        input.factor,
        mapped.aspectRatio,
      );
      return grid(
        {
          prompt:
            `Zoom out: paint the transparent border so it continues the scene around the centre seamlessly. ${mapped.text}`.trim(),
          images: [canvas.image],
          mask: canvas.mask,
          ...fieldsOf(mapped),
        },
        call,
        mapped,
      );
    },
    edit: async (input, call = {}) => {
      const mapped = mapPromptParameters(input.prompt ?? input.source.prompt, call.botType);
      const image = chosen(input.source.images, input.index);
      const mask = input.mask === undefined ? undefined : await fitMask(input.mask, image);
      return grid(
        {
          prompt: `Redraw the marked area of this image: ${mapped.text}`.trim(),
          images: [image],
          ...(mask === undefined ? {} : { mask }),
        },
        call,
        mapped,
      );
    },
    swapFace: (input, call = {}) =>
      single(
        {
          prompt:
            "Replace the face of the person in the second image with the face from the first image. Keep everything else in the second image unchanged.",
          images: [input.source, input.target],
        },
        call,
      ),
  };
}

/** The result with the operation's losses, when there are any. */
function withLosses(result: ImageResult, losses: ReadonlyMap<string, Loss>): ImageResult {
  return losses.size === 0 ? result : { ...result, losses: [...losses.values()] };
}
