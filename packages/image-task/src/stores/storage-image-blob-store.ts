import {
  createStorageKeyspace,
  type KeyValueStorage,
  type StorageLimits,
  storageBytes,
} from "@interlingua/core";
import type { ImageBlobStore } from "./image-blob-store";

const keyPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Options of {@link createStorageImageBlobStore}. */
export interface StorageImageBlobStoreOptions {
  /** Key prefix inside the storage. Default `images`. */
  prefix?: string;
  /** Most images, bytes and age kept (the oldest go first); none by default. */
  limits?: StorageLimits;
  /** Clock, epoch milliseconds. Default `Date.now`. */
  now?: () => number;
}

/**
 * An {@link ImageBlobStore} in an unstorage `Storage`: the bytes are a raw value (a file of their
 * own in a data folder), and the index line beside them keeps the media type, size and expiry.
 * Keys that could leave a folder are refused.
 */
export function createStorageImageBlobStore(
  storage: KeyValueStorage,
  options: StorageImageBlobStoreOptions = {},
): ImageBlobStore {
  const keyspace = createStorageKeyspace(storage, options.prefix ?? "images", {
    limits: options.limits ?? {},
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  return {
    async put(key, image) {
      if (!keyPattern.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
      await keyspace.set(key, image.data, { info: { mediaType: image.mediaType } });
    },
    async get(key) {
      if (!keyPattern.test(key)) return undefined;
      const entry = await keyspace.get(key);
      const mediaType = entry?.info?.mediaType;
      if (entry === undefined || mediaType === undefined) return undefined;
      return { data: storageBytes(entry.data), mediaType };
    },
  };
}
