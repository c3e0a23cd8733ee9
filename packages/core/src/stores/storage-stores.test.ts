import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredResponse } from "../contracts/response-store";
import { startTestRedis, type TestRedis, testRedisIsAvailable } from "../test/test-redis";
import { storedResponseFixture, testResponseStore } from "../test/test-response-store";
import { disposeTestStorages, testStorageDrivers } from "../test/test-storages";
import { testTaskStore } from "../test/test-task-store";
import { createStorageKeyspace } from "./storage-keyspace";
import { createStorageResponseStore } from "./storage-response-store";
import { createStorageTaskStore } from "./storage-task-store";

let redis: TestRedis | undefined;
beforeAll(async () => {
  if (testRedisIsAvailable()) redis = await startTestRedis();
});
afterAll(async () => {
  await disposeTestStorages();
  await redis?.stop();
});

const sizeOf = (record: StoredResponse) => new TextEncoder().encode(JSON.stringify(record)).length;

for (const driver of testStorageDrivers(() => redis?.url ?? "")) {
  testResponseStore(`on unstorage ${driver.name}`, async () =>
    createStorageResponseStore(await driver.create()),
  );
  testTaskStore(`on unstorage ${driver.name}`, async () => createStorageTaskStore(await driver.create()));

  describe(`stores on unstorage ${driver.name}: bounds`, () => {
    it("forgets an exchange once its time to live has passed", async () => {
      let now = 1_000;
      const store = createStorageResponseStore(await driver.create(), { ttlMs: 1000, now: () => now });
      await store.set(storedResponseFixture("a"));
      now += 999;
      expect(await store.get("a")).toBeDefined();
      now += 1;
      expect(await store.get("a")).toBeUndefined();
    });

    it("keeps at most maxEntries exchanges, the newest ones", async () => {
      let now = 1_000;
      const store = createStorageResponseStore(await driver.create(), { maxEntries: 10, now: () => now++ });
      for (let index = 0; index < 25; index++) await store.set(storedResponseFixture(`r${index}`));
      const kept: number[] = [];
      for (let index = 0; index < 25; index++) if (await store.get(`r${index}`)) kept.push(index);
      expect(kept.length).toBeLessThanOrEqual(10);
      expect(kept.length).toBeGreaterThanOrEqual(9);
      expect(kept.at(-1)).toBe(24);
      expect(kept).toEqual(kept.map((_, offset) => 25 - kept.length + offset));
    });

    it("keeps at most maxBytes, and not an exchange larger than that alone", async () => {
      const one = storedResponseFixture("r0");
      const store = createStorageResponseStore(await driver.create(), { maxBytes: sizeOf(one) * 3 + 10 });
      for (let index = 0; index < 8; index++) await store.set(storedResponseFixture(`r${index}`));
      let bytes = 0;
      for (let index = 0; index < 8; index++) {
        const record = await store.get(`r${index}`);
        if (record) bytes += sizeOf(record);
      }
      expect(bytes).toBeLessThanOrEqual(sizeOf(one) * 3 + 10);
      expect(await store.get("r7")).toBeDefined();
      const huge = storedResponseFixture("huge");
      huge.input = [{ role: "user", parts: [{ type: "text", text: "x".repeat(1000) }] }];
      await store.set(huge);
      expect(await store.get("huge")).toBeUndefined();
      expect(await store.get("r7")).toBeDefined();
    });

    it("keeps a running task whatever the bounds, and forgets a finished one after its retention", async () => {
      let now = 1_000;
      const store = createStorageTaskStore<{ id: string; done: boolean }>(await driver.create(), {
        retention: (task) => (task.done ? 500 : undefined),
        limits: { maxEntries: 1 },
        now: () => now,
      });
      await store.set({ id: "running", done: false });
      await store.set({ id: "finished", done: true });
      now += 499;
      expect((await store.getMany(["running", "finished"])).map((task) => task.id)).toEqual([
        "running",
        "finished",
      ]);
      now += 1;
      expect(await store.get("finished")).toBeUndefined();
      now += 1_000_000;
      expect(await store.get("running")).toEqual({ id: "running", done: false });
    });

    it("removes what expired from the storage itself at a sweep", async () => {
      let now = 1_000;
      const storage = await driver.create();
      const keyspace = createStorageKeyspace(storage, "things", { limits: { ttlMs: 100 }, now: () => now });
      await keyspace.set("a", "one");
      await keyspace.set("b", new Uint8Array([1, 2, 3]), { ttlMs: null });
      now += 100;
      await keyspace.sweep();
      expect(await storage.getKeys("things")).toEqual(
        expect.arrayContaining(["things:data:b", "things:index:b"]),
      );
      expect(await storage.getKeys("things")).toHaveLength(2);
    });
  });
}
