import type { ImageProvider, ImageResult } from "@interlingua/core";
import { solidImage } from "./test-images";

/** An in-process image backend whose calls wait until released (tests of queueing, timeouts, cancel). */
export interface GatedImageProvider extends ImageProvider {
  /** Prompts received, in order. */
  prompts: string[];
  /** Lets the oldest waiting call finish. */
  releaseOne(): void;
  /** Number of calls waiting. */
  waiting(): number;
}

/** A backend offering generate and vary; with `hold` every call waits for `releaseOne`. */
export function createGatedImageProvider(id: string, hold: boolean): GatedImageProvider {
  const gates: (() => void)[] = [];
  const prompts: string[] = [];
  const finish = async (layout: "grid" | "single"): Promise<ImageResult> => {
    if (hold) await new Promise<void>((resolve) => gates.push(resolve));
    const image = await solidImage({ r: 90, g: 90, b: 90 });
    return layout === "grid" ? { layout, images: [image, image, image, image] } : { layout, images: [image] };
  };
  return {
    id,
    capabilities: { operations: ["generate", "vary", "upscale"] },
    prompts,
    releaseOne: () => gates.shift()?.(),
    waiting: () => gates.length,
    async generate(input, options) {
      prompts.push(input.prompt);
      options?.onProgress?.(10);
      return finish("grid");
    },
    async vary(input) {
      prompts.push(input.prompt ?? input.source.prompt);
      return finish("grid");
    },
    async upscale() {
      return finish("single");
    },
  };
}
