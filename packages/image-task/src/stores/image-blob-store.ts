import type { ImageBytes } from "@interlingua/core";

/** Where generated and uploaded images live; the service serves them under its public base URL. */
export interface ImageBlobStore {
  /** Stores (or replaces) an image under `key` (URL-safe: letters, digits, `-`, `_`, `.`). */
  put(key: string, image: ImageBytes): Promise<void>;
  /** The image, or undefined when unknown. */
  get(key: string): Promise<ImageBytes | undefined>;
}
