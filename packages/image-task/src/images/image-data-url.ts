import type { ImageBytes } from "@interlingua/core";

/** An image as a data URL (`data:image/png;base64,...`). */
export function imageDataUrl(image: ImageBytes): string {
  return `data:${image.mediaType};base64,${Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength).toString("base64")}`;
}

/** An image as standard base64. */
export function imageBase64(image: ImageBytes): string {
  return Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength).toString("base64");
}
