import type { ImageBytes } from "@interlingua/core";
import { CanonicalError } from "@interlingua/core";
import sharp, { type Metadata } from "sharp";

/** The largest image the interface takes, in bytes (4 MB). */
export const maxImageBytes = 4 * 1024 * 1024;

const dataUrlPattern = /^data:([a-zA-Z0-9.+-]+\/[a-zA-Z0-9.+-]+)(?:;[^,;]+=[^,;]*)*;base64,/;
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;
const mediaTypeByFormat: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

/**
 * Decodes one image the caller sent as text and checks it the way the interface requires: a data
 * URL (`data:<mime>;base64,<data>`), at most 4 MB, and JPEG, PNG, static GIF or WEBP as the bytes
 * say (the claimed type is not trusted; the returned `mediaType` is the real one). Throws an
 * `invalid_request` error naming `field` otherwise.
 */
export async function decodeImageDataUrl(value: string, field: string): Promise<ImageBytes> {
  const prefix = dataUrlPattern.exec(value);
  if (prefix === null) {
    throw invalid(field, `${field} must be a data URL with its MIME type: data:<mime_type>;base64,<data>`);
  }
  const encoded = value.slice(prefix[0].length);
  if (!base64Pattern.test(encoded) || encoded.length % 4 === 1) {
    throw invalid(field, `${field} is not valid base64`);
  }
  if ((encoded.length * 3) / 4 > maxImageBytes + 3) {
    throw invalid(field, `${field} is larger than 4 MB`);
  }
  const data = Buffer.from(encoded, "base64");
  if (data.byteLength > maxImageBytes) throw invalid(field, `${field} is larger than 4 MB`);
  if (data.byteLength === 0) throw invalid(field, `${field} is empty`);
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { animated: true }).metadata();
  } catch {
    throw invalid(field, `${field} is not a readable image (JPEG, PNG, static GIF or WEBP)`);
  }
  const mediaType = metadata.format === undefined ? undefined : mediaTypeByFormat[metadata.format];
  if (mediaType === undefined) {
    throw invalid(
      field,
      `${field} is ${metadata.format ?? "an unknown format"}; JPEG, PNG, static GIF or WEBP are accepted`,
    );
  }
  if (metadata.format === "gif" && (metadata.pages ?? 1) > 1) {
    throw invalid(field, `${field} is an animated GIF; only static GIFs are accepted`);
  }
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), mediaType };
}

function invalid(param: string, message: string): CanonicalError {
  return new CanonicalError("invalid_request", message, { param });
}
