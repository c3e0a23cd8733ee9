import type { ImageBytes } from "@interlingua/core";
import sharp from "sharp";

type Colour = { r: number; g: number; b: number };

/** A solid-colour image of the given format (tests only). */
export async function solidImage(
  colour: Colour,
  format: "png" | "jpeg" | "webp" | "gif" = "png",
  size = { width: 64, height: 64 },
): Promise<ImageBytes> {
  const data = await sharp({ create: { ...size, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
  return { data: new Uint8Array(data), mediaType: `image/${format}` };
}

/** A two-frame animated GIF (tests only). */
export async function animatedGif(): Promise<ImageBytes> {
  const frame = (colour: Colour) =>
    sharp({ create: { width: 16, height: 16, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const frames = [await frame({ r: 255, g: 0, b: 0 }), await frame({ r: 0, g: 0, b: 255 })];
  const data = await sharp(frames, { join: { animated: true } })
    .gif({ delay: [100, 100] })
    .toBuffer();
  return { data: new Uint8Array(data), mediaType: "image/gif" };
}

/** An image as a data URL, optionally with a different claimed type. */
export function dataUrl(image: ImageBytes, claimedType = image.mediaType): string {
  return `data:${claimedType};base64,${Buffer.from(image.data).toString("base64")}`;
}

/** The mean colour of an image region (tests check which candidate an image came from). */
export async function meanColour(
  image: Uint8Array,
  region?: { left: number; top: number; width: number; height: number },
): Promise<Colour> {
  const pixels = region === undefined ? image : await sharp(image).extract(region).png().toBuffer();
  const stats = await sharp(pixels).stats();
  const [r, g, b] = stats.channels;
  return { r: Math.round(r!.mean), g: Math.round(g!.mean), b: Math.round(b!.mean) };
}
