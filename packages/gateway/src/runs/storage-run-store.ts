import { createStorageKeyspace, type KeyValueStorage, storageText } from "@interlingua/core";
import { defaultRunStoreLimits, type RunStore, type RunStoreLimits, type StoredRun } from "./run-store";

/**
 * A {@link RunStore} in an unstorage `Storage` (a data folder, Redis), so that a run one instance
 * started can be polled, resumed, cancelled or deleted through any instance on the same storage.
 */
export function createStorageRunStore(
  storage: KeyValueStorage,
  limits: RunStoreLimits = {},
  now: () => number = Date.now,
): RunStore {
  const keyspace = createStorageKeyspace(storage, "runs", {
    limits: {
      maxEntries: limits.maxEntries ?? defaultRunStoreLimits.maxEntries,
      maxBytes: limits.maxBytes ?? defaultRunStoreLimits.maxBytes,
      ttlMs: limits.ttlMs ?? defaultRunStoreLimits.ttlMs,
    },
    now,
  });
  return {
    async get(id) {
      const entry = await keyspace.get(id);
      if (entry === undefined) return undefined;
      const run = JSON.parse(storageText(entry.data)) as StoredRun;
      return run.id === id ? run : undefined;
    },
    async set(run) {
      await keyspace.set(run.id, JSON.stringify(run));
    },
    delete: (id) => keyspace.delete(id),
  };
}
