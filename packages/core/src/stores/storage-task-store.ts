import type { TaskStore } from "../contracts/task-store";
import type { KeyValueStorage } from "./key-value-storage";
import { storageKeyOf } from "./storage-key";
import { createStorageKeyspace, type StorageLimits, storageText } from "./storage-keyspace";

/** Options of {@link createStorageTaskStore}. */
export interface StorageTaskStoreOptions<TTask> {
  /** Key prefix inside the storage. Default `tasks`. */
  prefix?: string;
  /**
   * How long a task is kept after this write, ms, or undefined to keep it until deleted (a task
   * still running). Default: every task is kept.
   */
  retention?: (task: TTask) => number | undefined;
  /** Most tasks and bytes kept among those with a retention (the oldest go first). */
  limits?: Omit<StorageLimits, "ttlMs">;
  /** Clock, epoch milliseconds. Default `Date.now`. */
  now?: () => number;
  /** Longest time between two sweeps, ms; see `StorageKeyspaceOptions`. */
  sweepIntervalMs?: number;
}

/**
 * A {@link TaskStore} in an unstorage `Storage` (any driver): tasks outlive a restart and every
 * instance on the same storage sees the same ones. Records go through JSON, so callers never share
 * an object with the store.
 */
export function createStorageTaskStore<TTask extends { id: string }>(
  storage: KeyValueStorage,
  options: StorageTaskStoreOptions<TTask> = {},
): TaskStore<TTask> {
  const keyspace = createStorageKeyspace(storage, options.prefix ?? "tasks", {
    limits: options.limits ?? {},
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.sweepIntervalMs }),
  });
  const get = async (id: string): Promise<TTask | undefined> => {
    const entry = await keyspace.get(id);
    if (entry === undefined) return undefined;
    const task = JSON.parse(storageText(entry.data)) as TTask;
    return task.id === id ? task : undefined;
  };
  return {
    get,
    async set(task) {
      if (storageKeyOf(task.id) === undefined)
        throw new Error(`cannot store task ${task.id.slice(0, 40)}…: its id is too long`);
      // A finished task larger than maxBytes alone is not kept; a running one always is.
      await keyspace.set(task.id, JSON.stringify(task), { ttlMs: options.retention?.(task) ?? null });
    },
    async getMany(ids) {
      const tasks = await Promise.all(ids.map(get));
      return tasks.filter((task): task is Awaited<TTask> => task !== undefined);
    },
    delete(id) {
      return keyspace.delete(id);
    },
    async list() {
      const tasks = await Promise.all((await keyspace.ids()).map(get));
      return tasks.filter((task): task is Awaited<TTask> => task !== undefined);
    },
  };
}
