import type { ResponseStore, StoredResponse } from "../contracts/response-store";

/** Options for {@link createMemoryResponseStore}. */
export interface MemoryResponseStoreOptions {
  /** Most exchanges kept; the least recently used goes first. Default 10,000. */
  maxEntries?: number;
  /** How long an exchange lives, milliseconds. Default 30 days. */
  ttlMs?: number;
  /** Clock, epoch milliseconds. Default `Date.now`. */
  now?: () => number;
}

/** An in-process {@link ResponseStore}: least-recently-used eviction plus a time to live. */
export function createMemoryResponseStore(options: MemoryResponseStoreOptions = {}): ResponseStore {
  const maxEntries = options.maxEntries ?? 10_000;
  const ttlMs = options.ttlMs ?? 30 * 24 * 60 * 60 * 1000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { record: StoredResponse; expiresAt: number }>();

  return {
    async get(id) {
      const entry = entries.get(id);
      if (!entry) return undefined;
      entries.delete(id);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(id, entry);
      return entry.record;
    },
    async set(record) {
      entries.delete(record.id);
      entries.set(record.id, { record, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
    async delete(id) {
      return entries.delete(id);
    },
  };
}
