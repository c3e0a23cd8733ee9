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
