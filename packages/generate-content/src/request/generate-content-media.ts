import type { MediaPart } from "@interlingua/core";

/** The canonical media kind of a MIME type. */
export function mediaKindOf(mimeType: string | undefined): MediaPart["kind"] {
  if (!mimeType) return "file";
  if (mimeType.startsWith("image/")) return "image";
  if (mimeType.startsWith("audio/")) return "audio";
  if (mimeType.startsWith("video/")) return "video";
  if (mimeType === "application/pdf" || mimeType.startsWith("text/")) return "document";
  return "file";
}

const urlSafeCharacters = /[-_]/;

/** Standard base64 from standard or URL-safe base64, and whether it was URL-safe. */
export function toStandardBase64(data: string): { data: string; urlSafe: boolean } {
  if (!urlSafeCharacters.test(data)) return { data, urlSafe: false };
  return { data: data.replaceAll("-", "+").replaceAll("_", "/"), urlSafe: true };
}

/** URL-safe base64 from standard base64. */
export function toUrlSafeBase64(data: string): string {
  return data.replaceAll("+", "-").replaceAll("/", "_");
}
