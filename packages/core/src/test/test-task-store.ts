import { describe, expect, it } from "vitest";
import type { TaskStore } from "../contracts/task-store";

/** A task record for store tests: nested values, so a shared object would show. */
export interface TaskFixture {
  id: string;
  owner?: string;
  status: string;
  values: number[];
  nested: { label: string; at: number | null };
}

/** A task record for store tests. */
export function taskFixture(id: string, status = "NOT_START"): TaskFixture {
  return { id, status, values: [1, 2], nested: { label: `task ${id} — ✓`, at: null } };
}

/**
 * The conformance suite every {@link TaskStore} runs (in memory, a data folder, Redis, a third
 * party's): `createStore` must return an empty store each time it is called.
 */
export function testTaskStore(
  name: string,
  createStore: () => TaskStore<TaskFixture> | Promise<TaskStore<TaskFixture>>,
): void {
  describe(`task store ${name}`, () => {
    it("answers undefined for an unknown id", async () => {
      const store = await createStore();
      expect(await store.get("unknown")).toBeUndefined();
    });

    it("gives back what was stored, unchanged, and keeps its owner", async () => {
      const store = await createStore();
      const task = { ...taskFixture("1700000000000001"), owner: "key-sha256:0123abcd" };
      await store.set(task);
      expect(await store.get(task.id)).toEqual(task);
    });

    it("never shares an object with its callers", async () => {
      const store = await createStore();
      const task = taskFixture("a");
      await store.set(task);
      task.values.push(99);
      const read = (await store.get("a"))!;
      read.nested.label = "changed";
      expect(await store.get("a")).toEqual(taskFixture("a"));
    });

    it("replaces a task stored under the same id", async () => {
      const store = await createStore();
      await store.set(taskFixture("a"));
      await store.set(taskFixture("a", "SUCCESS"));
      expect((await store.get("a"))?.status).toBe("SUCCESS");
    });

    it("lists every task kept, when it can list", async () => {
      const store = await createStore();
      if (store.list === undefined) return;
      await store.set(taskFixture("a"));
      await store.set(taskFixture("b/ü"));
      await store.set(taskFixture("a", "SUCCESS"));
      const listed = await store.list();
      expect(listed.map((task) => task.id).sort()).toEqual(["a", "b/ü"]);
      expect(listed.find((task) => task.id === "a")?.status).toBe("SUCCESS");
    });

    it("answers many in the order asked, leaving unknown ids out", async () => {
      const store = await createStore();
      await store.set(taskFixture("a"));
      await store.set(taskFixture("b"));
      expect((await store.getMany(["b", "zz", "a"])).map((task) => task.id)).toEqual(["b", "a"]);
      expect(await store.getMany([])).toEqual([]);
    });

    it("deletes, and says whether there was something to delete", async () => {
      const store = await createStore();
      await store.set(taskFixture("a"));
      expect(await store.delete("a")).toBe(true);
      expect(await store.get("a")).toBeUndefined();
      expect(await store.delete("a")).toBe(false);
    });

    it("keeps ids that are not plain words apart and unknown ones unknown", async () => {
      const store = await createStore();
      const ids = ["a:b", "a/b", "../a", "a b", "é", "a~b"];
      for (const id of ids) await store.set(taskFixture(id));
      for (const id of ids) expect((await store.get(id))?.id).toBe(id);
      expect(await store.get("a")).toBeUndefined();
      expect(await store.get("x".repeat(5000))).toBeUndefined();
    });
  });
}
