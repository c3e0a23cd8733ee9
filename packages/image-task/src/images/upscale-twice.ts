import type { ImageBytes } from "@interlingua/core";
import sharp from "sharp";

/**
 * The image at twice its width and height (sharp's Lanczos-3 kernel), as PNG: what an upscale
 * button gives on a backend without an upscaler of its own.
 */
export async function upscaleTwice(image: ImageBytes): Promise<ImageBytes> {
  const { width = 0, height = 0 } = await sharp(image.data).metadata();
  const data = await sharp(image.data)
    .resize(width * 2, height * 2, { kernel: "lanczos3" })
    .png()
    .toBuffer();
  return { data: new Uint8Array(data), mediaType: "image/png" };
}
