/**
 * What interlingua's stores ask of a storage: the part of an unstorage `Storage` they call, written
 * out here so that the published types do not load unstorage's own (its index declarations import
 * every driver's, which do not compile under `moduleResolution: node16` without `skipLibCheck`).
 * Any unstorage `Storage` is one: `createStorage({ driver })` on memory, a data folder or Redis.
 */
export interface KeyValueStorage {
  /** The value at `key`, parsed, or null. */
  getItem(key: string): Promise<unknown>;
  /** The values at `keys`, each with its key. */
  getItems(keys: string[]): Promise<{ key: string; value: unknown }[]>;
  /** The value at `key` as it was stored (bytes or text), or null. */
  getItemRaw<T = unknown>(key: string): Promise<T | null | undefined>;
  /** Stores `value` (serialised) at `key`; `ttl` in seconds where the driver expires keys itself. */
  setItem(key: string, value: unknown, options?: { ttl?: number }): Promise<void>;
  /** Stores `value` as it is (bytes or text) at `key`. */
  setItemRaw(key: string, value: unknown, options?: { ttl?: number }): Promise<void>;
  /** Whether `key` holds a value. */
  hasItem(key: string): Promise<boolean>;
  /** Forgets `key`. */
  removeItem(key: string): Promise<void>;
  /** The keys under `base`. */
  getKeys(base?: string): Promise<string[]>;
  /** Closes what the storage opened (a Redis connection). */
  dispose(): Promise<void>;
}
