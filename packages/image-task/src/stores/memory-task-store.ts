import type { TaskStore } from "@interlingua/core";

/**
 * A {@link TaskStore} in memory. Records are cloned on the way in and out, so callers never share
 * a mutable object with the store (as with any remote store).
 */
export function createMemoryTaskStore<TTask extends { id: string }>(): TaskStore<TTask> {
  const tasks = new Map<string, TTask>();
  return {
    async get(id) {
      const task = tasks.get(id);
      return task === undefined ? undefined : structuredClone(task);
    },
    async set(task) {
      tasks.set(task.id, structuredClone(task));
    },
    async getMany(ids) {
      const found: TTask[] = [];
      for (const id of ids) {
        const task = tasks.get(id);
        if (task !== undefined) found.push(structuredClone(task));
      }
      return found;
    },
    async delete(id) {
      return tasks.delete(id);
    },
    async list() {
      return [...tasks.values()].map((task) => structuredClone(task));
    },
  };
}
