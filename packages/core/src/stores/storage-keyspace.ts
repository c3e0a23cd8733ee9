import type { KeyValueStorage } from "./key-value-storage";
import { idOfStorageKey, storageKeyOf } from "./storage-key";
import { utf8Length } from "./utf8-length";

/** Bounds of a {@link StorageKeyspace}; count and bytes only weigh entries that can expire. */
export interface StorageLimits {
  /** Most entries kept. */
  maxEntries?: number;
  /** Most bytes kept (each entry's stored bytes); an entry larger than this alone is not stored. */
  maxBytes?: number;
  /** How long an entry lives after it was stored, milliseconds, unless `set` says otherwise. */
  ttlMs?: number;
}

/** Options of {@link createStorageKeyspace}. */
export interface StorageKeyspaceOptions {
  /** Bounds; none by default. */
  limits?: StorageLimits;
  /** Clock, epoch milliseconds. Default `Date.now`. */
  now?: () => number;
  /**
   * Longest time between two sweeps (expired entries removed, then the oldest while over a bound),
   * milliseconds. A process also sweeps as soon as its own writes take the last count it saw over a
   * bound, so one instance stays within bounds; other instances' writes are seen at the next sweep.
   * Default one minute.
   */
  sweepIntervalMs?: number;
}

/** What {@link StorageKeyspace.get} answers. */
export interface StorageEntry {
  /** The stored value: text as given, bytes as a `Uint8Array` (a driver may hand back either). */
  data: string | Uint8Array;
  /** The small string map stored with it (a media type, say). */
  info?: Record<string, string>;
}

/**
 * One kind of record (stored responses, tasks, images) in an unstorage `Storage`: each entry is a
 * value under `<prefix>:data:<key>` and its index line (size, time stored, expiry, info) under
 * `<prefix>:index:<key>`. Expired entries answer as unknown on every driver; Redis also drops them
 * itself (its own TTL), the others at the next sweep.
 */
export interface StorageKeyspace {
  /** The entry, or undefined when unknown, expired or evicted. */
  get(id: string): Promise<StorageEntry | undefined>;
  /**
   * Stores (or replaces) an entry; `ttlMs` overrides the limits' time to live and `null` keeps it
   * until deleted (it then weighs on no bound). False when it was not stored: larger than
   * `maxBytes`, or an id too long to be a key.
   */
  set(
    id: string,
    data: string | Uint8Array,
    options?: { ttlMs?: number | null; info?: Record<string, string> },
  ): Promise<boolean>;
  /** Removes an entry; true when it existed. */
  delete(id: string): Promise<boolean>;
  /** The ids of the entries stored (expired ones not yet swept included: `get` answers them as unknown). */
  ids(): Promise<string[]>;
  /** Removes expired entries, then the oldest ones while over a bound (down to nine tenths of it). */
  sweep(): Promise<void>;
}

interface IndexLine {
  bytes: number;
  storedAt: number;
  expiresAt?: number;
  info?: Record<string, string>;
}

const isIndexLine = (value: unknown): value is IndexLine =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as IndexLine).bytes === "number" &&
  typeof (value as IndexLine).storedAt === "number";

/** Creates a {@link StorageKeyspace} under `prefix` (letters, digits, `-`, `_`) of `storage`. */
export function createStorageKeyspace(
  storage: KeyValueStorage,
  prefix: string,
  options: StorageKeyspaceOptions = {},
): StorageKeyspace {
  const { maxEntries, maxBytes, ttlMs } = options.limits ?? {};
  const now = options.now ?? Date.now;
  const sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
  const dataKey = (key: string) => `${prefix}:data:${key}`;
  const indexKey = (key: string) => `${prefix}:index:${key}`;
  /** What this process believes is kept (evictable entries), from the last sweep plus its own writes. */
  let tally: { count: number; bytes: number } | undefined;
  let sweptAt = Number.NEGATIVE_INFINITY;
  let sweeping: Promise<void> | undefined;

  const over = (count: number, bytes: number) =>
    (maxEntries !== undefined && count > maxEntries) || (maxBytes !== undefined && bytes > maxBytes);

  async function remove(key: string): Promise<void> {
    await storage.removeItem(indexKey(key));
    await storage.removeItem(dataKey(key));
  }

  async function sweepNow(): Promise<void> {
    const time = now();
    const keys = await storage.getKeys(`${prefix}:index`);
    const lines = keys.length === 0 ? [] : await storage.getItems(keys);
    const kept: { key: string; line: IndexLine }[] = [];
    for (const { key, value } of lines) {
      if (!isIndexLine(value)) continue;
      const entryKey = key.slice(key.lastIndexOf(":") + 1);
      if (value.expiresAt === undefined) continue;
      if (value.expiresAt <= time) await remove(entryKey);
      else kept.push({ key: entryKey, line: value });
    }
    let count = kept.length;
    let bytes = kept.reduce((sum, entry) => sum + entry.line.bytes, 0);
    if (over(count, bytes)) {
      const countTarget = maxEntries === undefined ? count : maxEntries - Math.floor(maxEntries / 10);
      const bytesTarget = maxBytes === undefined ? bytes : maxBytes - Math.floor(maxBytes / 10);
      kept.sort((left, right) => left.line.storedAt - right.line.storedAt);
      for (const entry of kept) {
        if (count <= countTarget && bytes <= bytesTarget) break;
        await remove(entry.key);
        count--;
        bytes -= entry.line.bytes;
      }
    }
    tally = { count, bytes };
    sweptAt = time;
  }

  function sweep(): Promise<void> {
    sweeping ??= sweepNow().finally(() => {
      sweeping = undefined;
    });
    return sweeping;
  }

  return {
    async ids() {
      const keys = await storage.getKeys(`${prefix}:index`);
      return keys.map((key) => idOfStorageKey(key.slice(key.lastIndexOf(":") + 1)));
    },
    async get(id) {
      const key = storageKeyOf(id);
      if (key === undefined) return undefined;
      const line = await storage.getItem(indexKey(key));
      if (!isIndexLine(line)) return undefined;
      if (line.expiresAt !== undefined && line.expiresAt <= now()) {
        await remove(key);
        return undefined;
      }
      const data = await storage.getItemRaw<string | Uint8Array>(dataKey(key));
      if (data === null || data === undefined) return undefined;
      return line.info === undefined ? { data } : { data, info: line.info };
    },
    async set(id, data, setOptions = {}) {
      const key = storageKeyOf(id);
      if (key === undefined) return false;
      const bytes = typeof data === "string" ? utf8Length(data) : data.byteLength;
      const time = now();
      const lifetime = setOptions.ttlMs === undefined ? ttlMs : (setOptions.ttlMs ?? undefined);
      const evictable = lifetime !== undefined;
      if (evictable && maxBytes !== undefined && bytes > maxBytes) {
        await remove(key);
        return false;
      }
      const line: IndexLine = { bytes, storedAt: time };
      if (lifetime !== undefined) line.expiresAt = time + lifetime;
      if (setOptions.info !== undefined) line.info = setOptions.info;
      // Redis forgets the entry by itself a second after it expires; the others wait for a sweep.
      const native = lifetime === undefined ? {} : { ttl: Math.ceil(lifetime / 1000) + 1 };
      await storage.setItemRaw(dataKey(key), data, native);
      await storage.setItem(indexKey(key), line, native);
      if (!evictable) return true;
      if (tally !== undefined) {
        tally.count++;
        tally.bytes += bytes;
      }
      if (tally === undefined || over(tally.count, tally.bytes) || time - sweptAt >= sweepIntervalMs)
        await sweep();
      return true;
    },
    async delete(id) {
      const key = storageKeyOf(id);
      if (key === undefined) return false;
      const existed = await storage.hasItem(indexKey(key));
      await remove(key);
      return existed;
    },
    sweep,
  };
}

/** The text of a stored value, whichever way the driver handed it back. */
export function storageText(data: string | Uint8Array): string {
  return typeof data === "string" ? data : new TextDecoder().decode(data);
}

/** The bytes of a stored value, whichever way the driver handed it back. */
export function storageBytes(data: string | Uint8Array): Uint8Array {
  if (typeof data === "string") return new TextEncoder().encode(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
