import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDirectoryImageBlobStore } from "./directory-image-blob-store";
import { createMemoryTaskStore } from "./memory-task-store";

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
