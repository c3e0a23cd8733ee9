import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFolderStorage } from "./create-folder-storage";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "folder-storage-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true, maxRetries: 5 });
});

describe("createFolderStorage", () => {
  it("never lets a reader see a value cut off or emptied while it is rewritten", async () => {
    const writer = createFolderStorage(folder);
    const reader = createFolderStorage(folder);
    const values = ["a", "b"].map((letter) => JSON.stringify({ run: letter.repeat(512 * 1024) }));
    await writer.setItem("runs:run-1", values[0]);
    let writing = true;
    const rewrites = (async () => {
      for (let round = 1; round <= 40; round++) await writer.setItem("runs:run-1", values[round % 2]);
      writing = false;
    })();
    let reads = 0;
    while (writing) {
      // unstorage parses JSON values: a torn file reads as a string, an emptied one as "", a missing one as null.
      const read = await reader.getItem("runs:run-1");
      expect(JSON.stringify(read)).toBeOneOf(values);
      reads++;
    }
    await rewrites;
    expect(reads).toBeGreaterThan(5);
    expect(await readdir(join(folder, "runs"))).toEqual(["run-1"]);
  });

  it("lists, reads and removes keys as the fs driver does, raw values included", async () => {
    const storage = createFolderStorage(folder);
    await storage.setItem("responses:alice:resp_1", "first");
    await storage.setItemRaw("images:img_1", new Uint8Array([1, 2, 3]));
    expect((await storage.getKeys()).sort()).toEqual(["images:img_1", "responses:alice:resp_1"]);
    expect(await storage.getItem("responses:alice:resp_1")).toBe("first");
    expect([...((await storage.getItemRaw("images:img_1")) as Uint8Array)]).toEqual([1, 2, 3]);
    await storage.removeItem("responses:alice:resp_1");
    expect(await storage.getKeys()).toEqual(["images:img_1"]);
  });

  it("refuses a key that would leave the folder", async () => {
    await expect(createFolderStorage(folder).setItem("runs/../../escape", "x")).rejects.toThrow(
      /Invalid key/,
    );
  });
});
