import type { ImageBytes, Loss } from "@interlingua/core";
import sharp from "sharp";

/** Images made to fit a request's inline budget, and what was changed to get there. */
export interface FittedImages {
  /** The images, downscaled where needed, in order. */
  images: ImageBytes[];
  /** One `approximated` loss per downscaled image (`/images/<index>`). */
  losses: Loss[];
}

/** Bytes an image takes inline: its base64 text. */
export function inlineSize(image: ImageBytes): number {
  return Math.ceil(image.data.length / 3) * 4;
}

/**
 * Downscales images until their base64 together fits `maxInlineBytes` (a format's documented
 * request limit less room for the rest of the request): each round scales every image by the
 * square root of the share it must lose (with a margin), keeping PNG for images with transparency
 * (outpaint canvases, masks) and JPEG for the others. Images that already fit are left untouched.
 */
export async function fitInlineImages(
  images: readonly ImageBytes[],
  maxInlineBytes: number,
  describeLimit: string,
): Promise<FittedImages> {
  let current = [...images];
  const changed = new Set<number>();
  for (let round = 0; round < 6; round++) {
    const total = current.reduce((sum, image) => sum + inlineSize(image), 0);
    if (total <= maxInlineBytes) break;
    const scale = Math.sqrt(maxInlineBytes / total) * 0.9;
    current = await Promise.all(
      current.map(async (image, index) => {
        const metadata = await sharp(image.data).metadata();
        const width = Math.max(16, Math.floor((metadata.width ?? 16) * scale));
        const height = Math.max(16, Math.floor((metadata.height ?? 16) * scale));
        const resized = sharp(image.data).resize(width, height);
        const data = metadata.hasAlpha
          ? await resized.png().toBuffer()
          : await resized.jpeg({ quality: 85 }).toBuffer();
        changed.add(index);
        return { data: new Uint8Array(data), mediaType: metadata.hasAlpha ? "image/png" : "image/jpeg" };
      }),
    );
  }
  const losses: Loss[] = [];
  for (const index of [...changed].sort((a, b) => a - b)) {
    const before = await sharp(images[index]!.data).metadata();
    const after = await sharp(current[index]!.data).metadata();
    losses.push({
      code: "approximated",
      path: `/images/${index}`,
      message: `Downscaled from ${before.width}x${before.height} to ${after.width}x${after.height} to fit ${describeLimit}`,
    });
  }
  return { images: current, losses };
}
