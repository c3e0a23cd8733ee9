import { createStorageKeyspace, type KeyValueStorage, storageText } from "@interlingua/core";
import { defaultRunStoreLimits, type RunStore, type RunStoreLimits, type StoredRun } from "./run-store";

/** Reads of a run that is not whole JSON (caught mid-write) before giving up. */
const rereads = 5;
/** Time between two such reads, milliseconds. */
const rereadDelayMs = 10;

/**
 * A {@link RunStore} in an unstorage `Storage` (a data folder, Redis), so that a run one instance
 * started can be polled, resumed, cancelled or deleted through any instance on the same storage. A
 * run read while it is being written (unstorage's plain `fs` driver writes files in place;
 * `createFolderStorage` does not) is read again; so is one read as missing, once.
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
      // A driver that writes in place (unstorage's plain `fs`) can be read mid-write, as missing or as a
      // part of its JSON: read again.
      for (let attempt = 1; ; attempt++) {
        const entry = await keyspace.get(id);
        if (entry === undefined) {
          if (attempt > 1) return undefined;
          await new Promise((resolve) => setTimeout(resolve, rereadDelayMs));
          continue;
        }
        try {
          const run = JSON.parse(storageText(entry.data)) as StoredRun;
          return run.id === id ? run : undefined;
        } catch (thrown) {
          if (attempt >= rereads) throw thrown;
          await new Promise((resolve) => setTimeout(resolve, rereadDelayMs));
        }
      }
    },
    async set(run) {
      await keyspace.set(run.id, JSON.stringify(run));
    },
    delete: (id) => keyspace.delete(id),
  };
}
