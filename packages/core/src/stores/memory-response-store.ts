import type { ResponseStore, StoredResponse } from "../contracts/response-store";
import { utf8Length } from "./utf8-length";

/** How much a response store keeps: the first bound reached evicts the least recently used exchanges. */
export interface ResponseStoreLimits {
  /** Most exchanges kept. Default 10,000. */
  maxEntries?: number;
  /**
   * Most bytes kept, counted as the UTF-8 length of each exchange's JSON (inline images included).
   * An exchange larger than this alone is not stored. Default 256 MiB.
   */
  maxBytes?: number;
  /** How long an exchange lives after it was stored, milliseconds. Default 30 days. */
  ttlMs?: number;
}

/** The bounds used where {@link ResponseStoreLimits} leaves one out. */
export const defaultResponseStoreLimits: Required<ResponseStoreLimits> = {
  maxEntries: 10_000,
  maxBytes: 256 * 1024 * 1024,
  ttlMs: 30 * 24 * 60 * 60 * 1000,
};

/** Options for {@link createMemoryResponseStore}. */
export interface MemoryResponseStoreOptions extends ResponseStoreLimits {
  /** Clock, epoch milliseconds. Default `Date.now`. */
  now?: () => number;
}

interface Entry {
  record: StoredResponse;
  expiresAt: number;
  bytes: number;
}

/**
 * An in-process {@link ResponseStore} bounded by count, bytes and age: least-recently-used eviction
 * once either of the first two is exceeded, and a time to live after which an exchange is gone
 * (expired exchanges are also swept out of memory, at most once per hundredth of the time to live).
 */
export function createMemoryResponseStore(options: MemoryResponseStoreOptions = {}): ResponseStore {
  const maxEntries = options.maxEntries ?? defaultResponseStoreLimits.maxEntries;
  const maxBytes = options.maxBytes ?? defaultResponseStoreLimits.maxBytes;
  const ttlMs = options.ttlMs ?? defaultResponseStoreLimits.ttlMs;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  let sweptAt = now();

  const remove = (id: string): boolean => {
    const entry = entries.get(id);
    if (!entry) return false;
    entries.delete(id);
    totalBytes -= entry.bytes;
    return true;
  };

  const sweepExpired = (time: number) => {
    if (time - sweptAt < ttlMs / 100) return;
    sweptAt = time;
    for (const [id, entry] of entries) if (entry.expiresAt <= time) remove(id);
  };

  return {
    async get(id) {
      const entry = entries.get(id);
      if (!entry) return undefined;
      entries.delete(id);
      if (entry.expiresAt <= now()) {
        totalBytes -= entry.bytes;
        return undefined;
      }
      entries.set(id, entry);
      return entry.record;
    },
    async set(record) {
      const time = now();
      remove(record.id);
      sweepExpired(time);
      const bytes = utf8Length(JSON.stringify(record));
      if (bytes > maxBytes) return;
      entries.set(record.id, { record, expiresAt: time + ttlMs, bytes });
      totalBytes += bytes;
      while (entries.size > maxEntries || totalBytes > maxBytes)
        remove(entries.keys().next().value as string);
    },
    async delete(id) {
      return remove(id);
    },
  };
}
