import type { ImageBytes } from "@interlingua/core";
import type { ImageBlobStore } from "./image-blob-store";

/** An {@link ImageBlobStore} in memory, for tests and single-process use. */
export function createMemoryImageBlobStore(): ImageBlobStore {
  const images = new Map<string, ImageBytes>();
  return {
    async put(key, image) {
      images.set(key, image);
    },
    async get(key) {
      return images.get(key);
    },
  };
}
