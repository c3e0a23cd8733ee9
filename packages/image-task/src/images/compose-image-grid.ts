import type { ImageBytes } from "@interlingua/core";
import sharp from "sharp";

/**
 * Lays four images out as a 2×2 PNG grid (1 2 / 3 4), like the original bot's first answer. Each
 * tile takes the size of the first image; the others are fitted into it.
 */
export async function composeImageGrid(images: readonly ImageBytes[]): Promise<ImageBytes> {
  if (images.length !== 4) throw new Error(`a grid needs four images, got ${images.length}`);
  const first = await sharp(images[0]!.data).metadata();
  const width = first.width ?? 512;
  const height = first.height ?? 512;
  const tiles = await Promise.all(
    images.map((image) => sharp(image.data).resize(width, height, { fit: "cover" }).png().toBuffer()),
  );
  const data = await sharp({
    create: { width: width * 2, height: height * 2, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
  })
    .composite(
      tiles.map((input, index) => ({
        input,
        left: (index % 2) * width,
        top: Math.floor(index / 2) * height,
      })),
    )
    .png()
    .toBuffer();
  return { data: new Uint8Array(data), mediaType: "image/png" };
}
