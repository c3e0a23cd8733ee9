import type { ResponseStore, StoredResponse } from "../contracts/response-store";
import type { KeyValueStorage } from "./key-value-storage";
import { defaultResponseStoreLimits, type ResponseStoreLimits } from "./memory-response-store";
import { storageKeyOf } from "./storage-key";
import { createStorageKeyspace, storageText } from "./storage-keyspace";

/** Options of {@link createStorageResponseStore}. */
export interface StorageResponseStoreOptions extends ResponseStoreLimits {
  /** Key prefix inside the storage. Default `responses`. */
  prefix?: string;
  /** Clock, epoch milliseconds. Default `Date.now`. */
  now?: () => number;
  /** Longest time between two sweeps of expired and excess exchanges, ms; see `StorageKeyspaceOptions`. */
  sweepIntervalMs?: number;
}

/**
 * A {@link ResponseStore} in an unstorage `Storage` (memory, a data folder, Redis: any driver), so
 * stored conversations outlive a restart and are shared by every instance on the same storage. Bounded
 * by count, bytes and age like the in-memory store, except that the oldest stored exchanges go first
 * (not the least recently used: a read changes nothing shared).
 */
export function createStorageResponseStore(
  storage: KeyValueStorage,
  options: StorageResponseStoreOptions = {},
): ResponseStore {
  const keyspace = createStorageKeyspace(storage, options.prefix ?? "responses", {
    limits: {
      maxEntries: options.maxEntries ?? defaultResponseStoreLimits.maxEntries,
      maxBytes: options.maxBytes ?? defaultResponseStoreLimits.maxBytes,
      ttlMs: options.ttlMs ?? defaultResponseStoreLimits.ttlMs,
    },
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.sweepIntervalMs }),
  });
  return {
    async get(id) {
      const entry = await keyspace.get(id);
      if (entry === undefined) return undefined;
      const record = JSON.parse(storageText(entry.data)) as StoredResponse;
      return record.id === id ? record : undefined;
    },
    async set(record) {
      if (storageKeyOf(record.id) === undefined)
        throw new Error(`cannot store response ${record.id.slice(0, 40)}…: its id is too long`);
      // An exchange larger than maxBytes alone is not kept, as in the in-memory store.
      await keyspace.set(record.id, JSON.stringify(record));
    },
    delete(id) {
      return keyspace.delete(id);
    },
  };
}
