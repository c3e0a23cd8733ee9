import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  disposeTestStorages,
  startTestRedis,
  type TestRedis,
  testRedisIsAvailable,
  testStorageDrivers,
  testTaskStore,
} from "@interlingua/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDirectoryImageBlobStore } from "./directory-image-blob-store";
import { createMemoryTaskStore } from "./memory-task-store";
import { createStorageImageBlobStore } from "./storage-image-blob-store";

testTaskStore("in memory", () => createMemoryTaskStore());

let redis: TestRedis | undefined;
beforeAll(async () => {
  if (testRedisIsAvailable()) redis = await startTestRedis();
});
afterAll(async () => {
  await disposeTestStorages();
  await redis?.stop();
});

for (const driver of testStorageDrivers(() => redis?.url ?? "")) {
  describe(`image blob store on unstorage ${driver.name}`, () => {
    it("gives back the bytes and media type stored, and nothing for an unknown key", async () => {
      const store = createStorageImageBlobStore(await driver.create());
      const jpeg = { data: new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 254, 255]), mediaType: "image/jpeg" };
      const png = { data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), mediaType: "image/png" };
      await store.put("1700000000-abc", jpeg);
      await store.put("1700000000-abc-1.x", png);
      expect(await store.get("1700000000-abc")).toEqual(jpeg);
      expect(await store.get("1700000000-abc-1.x")).toEqual(png);
      expect(await store.get("1700000000-abd")).toBeUndefined();
    });

    it("refuses keys that could leave a folder", async () => {
      const store = createStorageImageBlobStore(await driver.create());
      const png = { data: new Uint8Array([1]), mediaType: "image/png" };
      await expect(store.put("../escape", png)).rejects.toThrow(/invalid blob key/);
      await expect(store.put("a:b", png)).rejects.toThrow(/invalid blob key/);
      expect(await store.get("../etc/passwd")).toBeUndefined();
    });

    it("forgets an image after its time to live and keeps the newest within maxBytes", async () => {
      let now = 1_000;
      const store = createStorageImageBlobStore(await driver.create(), {
        limits: { ttlMs: 1_000, maxBytes: 3_000 },
        now: () => now++,
      });
      const image = { data: new Uint8Array(1_000).fill(7), mediaType: "image/png" };
      for (let index = 0; index < 5; index++) await store.put(`k${index}`, image);
      const kept = [];
      for (let index = 0; index < 5; index++) if (await store.get(`k${index}`)) kept.push(index);
      expect(kept.length).toBeLessThanOrEqual(3);
      expect(kept).toContain(4);
      now += 1_000;
      expect(await store.get("k4")).toBeUndefined();
    });
  });
}

describe("memory task store", () => {
  it("keeps the order of the ids asked for, omits unknown ones, and never shares objects with callers", async () => {
    const store = createMemoryTaskStore<{ id: string; value: number[] }>();
    const first = { id: "a", value: [1] };
    await store.set(first);
    await store.set({ id: "b", value: [2] });
    first.value.push(99);
    expect(await store.get("a")).toEqual({ id: "a", value: [1] });
    const read = (await store.get("a"))!;
    read.value.push(7);
    expect((await store.get("a"))!.value).toEqual([1]);
    expect((await store.getMany(["b", "zz", "a"])).map((task) => task.id)).toEqual(["b", "a"]);
    expect(await store.delete("a")).toBe(true);
    expect(await store.get("a")).toBeUndefined();
  });
});

describe("directory image blob store", () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "image-blobs-"));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it("stores each image as one file whose extension keeps its media type", async () => {
    const store = createDirectoryImageBlobStore(join(directory, "nested"));
    const jpeg = { data: new Uint8Array([0xff, 0xd8, 0xff, 1, 2]), mediaType: "image/jpeg" };
    await store.put("task-1", jpeg);
    expect(await readdir(join(directory, "nested"))).toEqual(["task-1.jpg"]);
    expect(await store.get("task-1")).toEqual(jpeg);
    expect(await store.get("task-2")).toBeUndefined();
  });

  it("refuses keys that could leave the directory and media types it cannot name", async () => {
    const store = createDirectoryImageBlobStore(directory);
    const png = { data: new Uint8Array([1]), mediaType: "image/png" };
    await expect(store.put("../escape", png)).rejects.toThrow(/invalid blob key/);
    await expect(store.put(".hidden", png)).rejects.toThrow(/invalid blob key/);
    await expect(store.put("x", { data: new Uint8Array([1]), mediaType: "image/tiff" })).rejects.toThrow(
      /image\/tiff/,
    );
    expect(await store.get("../etc/passwd")).toBeUndefined();
  });
});
