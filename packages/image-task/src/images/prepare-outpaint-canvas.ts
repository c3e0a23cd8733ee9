import type { ImageBytes } from "@interlingua/core";
import sharp from "sharp";

/** An image on a larger canvas and the mask of the area to fill (white = fill, black = keep). */
export interface OutpaintCanvas {
  /** The image placed on the canvas; the new area is transparent. */
  image: ImageBytes;
  /** Same size as `image`: white where the backend must paint. */
  mask: ImageBytes;
}

/** Grows the canvas by half the image in one direction (pan), with the mask of the new strip. */
export async function preparePanCanvas(
  image: ImageBytes,
  direction: "left" | "right" | "up" | "down",
): Promise<OutpaintCanvas> {
  const { width, height } = await imageSize(image);
  const horizontal = direction === "left" || direction === "right";
  const grow = Math.round((horizontal ? width : height) / 2);
  const extend = {
    left: direction === "left" ? grow : 0,
    right: direction === "right" ? grow : 0,
    top: direction === "up" ? grow : 0,
    bottom: direction === "down" ? grow : 0,
  };
  return outpaint(
    image,
    width,
    height,
    width + extend.left + extend.right,
    height + extend.top + extend.bottom,
    {
      left: extend.left,
      top: extend.top,
    },
  );
}

/**
 * Zooms out: the image shrinks by `factor` and sits centred on a canvas of its original size, or,
 * with `aspectRatio` (`W:H`, custom zoom's `--ar`), on the smallest canvas of that shape holding
 * both; the mask is the border to fill. A factor of 1 with an aspect ratio only changes the shape.
 */
export async function prepareZoomCanvas(
  image: ImageBytes,
  factor: number,
  aspectRatio?: string,
): Promise<OutpaintCanvas> {
  const { width, height } = await imageSize(image);
  const innerWidth = Math.max(1, Math.round(width / factor));
  const innerHeight = Math.max(1, Math.round(height / factor));
  let canvasWidth = width;
  let canvasHeight = height;
  if (aspectRatio !== undefined) {
    const [ratioWidth, ratioHeight] = aspectRatio.split(":").map(Number) as [number, number];
    const ratio = ratioWidth / ratioHeight;
    canvasWidth = Math.max(innerWidth, Math.round(height * ratio));
    canvasHeight = Math.max(innerHeight, Math.round(canvasWidth / ratio));
    canvasWidth = Math.max(canvasWidth, Math.round(canvasHeight * ratio));
  }
  const shrunk: ImageBytes = {
    data: new Uint8Array(await sharp(image.data).resize(innerWidth, innerHeight).png().toBuffer()),
    mediaType: "image/png",
  };
  return outpaint(shrunk, innerWidth, innerHeight, canvasWidth, canvasHeight, {
    left: Math.floor((canvasWidth - innerWidth) / 2),
    top: Math.floor((canvasHeight - innerHeight) / 2),
  });
}

/** Scales a caller's mask to the image's size and makes it a black-and-white PNG. */
export async function fitMask(mask: ImageBytes, image: ImageBytes): Promise<ImageBytes> {
  const { width, height } = await imageSize(image);
  const data = await sharp(mask.data)
    .resize(width, height, { fit: "fill" })
    .greyscale()
    .threshold(128)
    .png()
    .toBuffer();
  return { data: new Uint8Array(data), mediaType: "image/png" };
}

/** Width and height of an image. */
export async function imageSize(image: ImageBytes): Promise<{ width: number; height: number }> {
  const metadata = await sharp(image.data).metadata();
  return { width: metadata.width ?? 0, height: metadata.height ?? 0 };
}

async function outpaint(
  image: ImageBytes,
  innerWidth: number,
  innerHeight: number,
  width: number,
  height: number,
  at: { left: number; top: number },
): Promise<OutpaintCanvas> {
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  const canvas = await sharp({ create: { width, height, channels: 4, background: transparent } })
    .composite([{ input: Buffer.from(image.data), left: at.left, top: at.top }])
    .png()
    .toBuffer();
  const keep = await sharp({
    create: { width: innerWidth, height: innerHeight, channels: 3, background: { r: 0, g: 0, b: 0 } },
  })
    .png()
    .toBuffer();
  const mask = await sharp({ create: { width, height, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .composite([{ input: keep, left: at.left, top: at.top }])
    .png()
    .toBuffer();
  return {
    image: { data: new Uint8Array(canvas), mediaType: "image/png" },
    mask: { data: new Uint8Array(mask), mediaType: "image/png" },
  };
}
