import type { Loss } from "../conversion/loss";

/**
 * The contract of an image backend. The image-task engine turns the image-task interface's tasks,
 * buttons and modal steps into calls of these operations; a backend implements the ones it can and
 * declares them in `capabilities.operations`, so the engine only offers buttons it can carry out.
 */

/** An operation an {@link ImageProvider} may implement. */
export type ImageOperation =
  | "generate"
  | "blend"
  | "describe"
  | "edit"
  | "upscale"
  | "vary"
  | "pan"
  | "zoom"
  | "swapFace";

/** Image bytes with their media type (`image/png`, `image/jpeg`, ...). */
export interface ImageBytes {
  /** The encoded image. */
  data: Uint8Array;
  /** IANA media type of `data`. */
  mediaType: string;
}

/** An image a backend produced: bytes, or a URL the engine downloads (and then serves itself). */
export type ImageOutput = ImageBytes | { url: string };

/** What an image backend declares about itself; the engine reads these instead of branching on ids. */
export interface ImageProviderCapabilities {
  /** The operations it implements; each listed one must be present on the provider. */
  operations: ImageOperation[];
  /** Whether `zoom` takes any factor (custom zoom), not only 1.5 and 2. */
  customZoom?: boolean;
  /** Whether it reports the seed of what it made (`ImageResult.seed` or `imageSeed`). */
  seeds?: boolean;
}

/** Options every operation takes. */
export interface ImageCallOptions {
  /** Aborts the call (cancel, timeout). */
  signal?: AbortSignal;
  /** Reports progress, 0 to 100; calls must not go backwards. */
  onProgress?: (percent: number) => void;
  /** Speed mode the account runs in (`RELAX`, `FAST`, `TURBO`), for backends that have modes. */
  mode?: string;
  /** Which art bot the caller asked for, canonical spelling (`MID_GEN`, `NIJI_GEN`). */
  botType?: string;
}

/** An aspect ratio the interface allows. */
export type ImageAspectRatio = "1:1" | "2:3" | "3:2";

/** A request for new images from a prompt, optionally guided by reference images. */
export interface ImageGenerateInput {
  /** The prompt in English (after translation). */
  prompt: string;
  /** Reference images. */
  images?: ImageBytes[];
}

/** A request to blend 2 to 5 images into new ones. */
export interface ImageBlendInput {
  /** The images to blend. */
  images: ImageBytes[];
  /** Aspect ratio of the result. */
  aspectRatio?: ImageAspectRatio;
}

/**
 * What an earlier operation produced, given back to follow-up operations: its images (four grid
 * candidates or one image), the backend's own reference for it, and the prompt it was made from.
 */
export interface ImageSourceResult {
  /** Four grid candidates, or the single image. */
  images: ImageBytes[];
  /** The composed image the caller sees (the grid, or the single image). */
  composite: ImageBytes;
  /** The backend's reference from {@link ImageResult.reference}. */
  reference?: string;
  /** The prompt the source was made from. */
  prompt: string;
}

/** A follow-up on one image of a source (1-based `index`; 1 for a single image). */
export interface ImageFollowUpInput {
  /** What the operation applies to. */
  source: ImageSourceResult;
  /** Which candidate, 1 to 4; 1 when the source is a single image. */
  index: number;
  /** A changed prompt (remix), when the caller gave one. */
  prompt?: string;
}

/** A variation of one image. */
export interface ImageVaryInput extends ImageFollowUpInput {
  /** How far the variation may go. */
  strength: "subtle" | "strong";
}

/** Extends the canvas in one direction and fills it. */
export interface ImagePanInput extends ImageFollowUpInput {
  /** Where the canvas grows. */
  direction: "left" | "right" | "up" | "down";
}

/** Zooms out: the image shrinks inside a canvas of the same size and the border is filled. */
export interface ImageZoomInput extends ImageFollowUpInput {
  /** How far to zoom out, 1 to 2 (1.5 and 2 are the fixed buttons). */
  factor: number;
}

/** Redraws the masked area of an image (vary region, inpainting). */
export interface ImageEditInput extends ImageFollowUpInput {
  /** The area to redraw, white on black, same size as the image; absent means the whole image. */
  mask?: ImageBytes;
}

/** Puts the face of `source` onto the face in `target`. */
export interface ImageSwapFaceInput {
  /** The image with the face to use. */
  source: ImageBytes;
  /** The image whose face is replaced. */
  target: ImageBytes;
}

/**
 * The follow-ups one result allows, when fewer than the backend's capabilities: an upstream bot
 * may show only some buttons on a given image, and the engine must offer only what can be pressed.
 */
export interface ImageFollowUps {
  /** Operations that apply to this result. */
  operations: ImageOperation[];
  /** Whether `zoom` takes any factor on this result (custom zoom). */
  customZoom?: boolean;
  /** Whether the operation that made this result can be run again (reroll). */
  reroll?: boolean;
}

/** What an image operation produced. */
export interface ImageResult {
  /** `grid`: four candidates the caller picks from (U1-U4, V1-V4); `single`: one final image. */
  layout: "grid" | "single";
  /** The images: four for a grid (may be empty when only `composite` exists), one for single. */
  images: ImageOutput[];
  /** A ready-made composite (a grid made upstream); the engine composes one when absent. */
  composite?: ImageOutput;
  /** The backend's own handle for follow-ups (an upstream task id). */
  reference?: string;
  /** The seed the images were made with, when the backend knows it. */
  seed?: string;
  /** The prompt the backend actually used, when it differs. */
  finalPrompt?: string;
  /** What can follow this result, when narrower than the backend's capabilities. */
  followUps?: ImageFollowUps;
  /**
   * What of the request the backend could not carry as asked (prompt parameters it has no field
   * for, approximated aspect ratios), with paths into the task (`/prompt/--v`, `/botType`).
   */
  losses?: Loss[];
}

/** An image backend; every operation is optional and declared in `capabilities`. */
export interface ImageProvider {
  /** A name for logs and task properties. */
  readonly id: string;
  /** What the backend can do. */
  readonly capabilities: ImageProviderCapabilities;
  /** Text (and reference images) to a grid of four. */
  generate?(input: ImageGenerateInput, options?: ImageCallOptions): Promise<ImageResult>;
  /** 2 to 5 images to a grid of four. */
  blend?(input: ImageBlendInput, options?: ImageCallOptions): Promise<ImageResult>;
  /** An image to four prompt suggestions. */
  describe?(input: { image: ImageBytes }, options?: ImageCallOptions): Promise<{ prompts: string[] }>;
  /** Redraws the masked area (vary region). */
  edit?(input: ImageEditInput, options?: ImageCallOptions): Promise<ImageResult>;
  /** One candidate of a grid as a single image. */
  upscale?(input: ImageFollowUpInput, options?: ImageCallOptions): Promise<ImageResult>;
  /** Variations of one image, as a grid. */
  vary?(input: ImageVaryInput, options?: ImageCallOptions): Promise<ImageResult>;
  /** Extends the canvas of one image in a direction. */
  pan?(input: ImagePanInput, options?: ImageCallOptions): Promise<ImageResult>;
  /** Zooms out of one image. */
  zoom?(input: ImageZoomInput, options?: ImageCallOptions): Promise<ImageResult>;
  /** Face swap. */
  swapFace?(input: ImageSwapFaceInput, options?: ImageCallOptions): Promise<ImageResult>;
  /** The seed of an earlier result, for backends that look it up afterwards. */
  imageSeed?(reference: string, options?: ImageCallOptions): Promise<string | undefined>;
}
