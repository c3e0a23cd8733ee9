import * as z from "zod/mini";
import { CacheHint } from "./cache-hint";
import { Extensions } from "./extensions";

/** Where the bytes of a media part come from. */
export const MediaSource = z.discriminatedUnion("type", [
  /** Inline bytes, base64 encoded (standard alphabet). */
  z.object({ type: z.literal("base64"), data: z.string() }),
  /** A URL the backend fetches itself (http(s) or a provider file URI). */
  z.object({ type: z.literal("url"), url: z.string() }),
  /** A file previously uploaded to the vendor. */
  z.object({ type: z.literal("file-id"), fileId: z.string() }),
  /** A plain-text document given inline. */
  z.object({ type: z.literal("text"), text: z.string() }),
]);
/** Where media bytes come from; see {@link MediaSource}. */
export type MediaSource = z.infer<typeof MediaSource>;

/** An image, audio clip, video, document or other file, given as input or produced as output. */
export const MediaPart = z.object({
  type: z.literal("media"),
  /** What the media is; decides which formats can carry it. */
  kind: z.enum(["image", "audio", "video", "document", "file"]),
  /** Where the bytes are. */
  source: MediaSource,
  /** IANA media type (`image/png`, `application/pdf`), when known. */
  mediaType: z.optional(z.string()),
  /** Requested image fidelity (responses format `detail`). */
  detail: z.optional(z.enum(["auto", "low", "high"])),
  /** File name, when the format carries one. */
  filename: z.optional(z.string()),
  /** Document title (messages format documents). */
  title: z.optional(z.string()),
  /** Prompt-caching breakpoint after this part. */
  cache: z.optional(CacheHint),
  /** Format-specific fields (document context, citation settings, video metadata). */
  extensions: z.optional(Extensions),
});
/** Media input or output; see {@link MediaPart}. */
export type MediaPart = z.infer<typeof MediaPart>;
