import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ImageBlobStore } from "./image-blob-store";

const keyPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const extensionByMediaType: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};
const mediaTypeByExtension = Object.fromEntries(
  Object.entries(extensionByMediaType).map(([type, ext]) => [ext, type]),
);

/**
 * An {@link ImageBlobStore} in a directory: each image is one file named `<key>.<ext>`, the
 * extension keeping its media type. Keys that could leave the directory are refused.
 */
export function createDirectoryImageBlobStore(directory: string): ImageBlobStore {
  let ready: Promise<unknown> | undefined;
  return {
    async put(key, image) {
      checkKey(key);
      const extension = extensionByMediaType[image.mediaType];
      if (extension === undefined) throw new Error(`cannot store media type ${image.mediaType}`);
      ready ??= mkdir(directory, { recursive: true });
      await ready;
      await writeFile(join(directory, `${key}.${extension}`), image.data);
    },
    async get(key) {
      if (!keyPattern.test(key)) return undefined;
      for (const [extension, mediaType] of Object.entries(mediaTypeByExtension)) {
        try {
          const data = await readFile(join(directory, `${key}.${extension}`));
          return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), mediaType };
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
      return undefined;
    },
  };
}

function checkKey(key: string): void {
  if (!keyPattern.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
}
