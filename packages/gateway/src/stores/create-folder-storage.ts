import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { KeyValueStorage } from "@interlingua/core";
import { createStorage } from "unstorage";
import fsDriver from "unstorage/drivers/fs";

/** Files being written are named so, beside the file they replace, and never listed as keys. */
const partialSuffix = ".partial";

/**
 * An unstorage `Storage` in a data folder (one file per key, as unstorage's `fs` driver keeps
 * them), whose writes are atomic: each value goes to a file of its own and is renamed over the
 * key's file, so a reader (another request, another instance on the same folder) sees the old
 * value or the new one, never a file cut off or emptied mid-write.
 */
export function createFolderStorage(base: string): KeyValueStorage {
  const folder = resolve(base);
  const driver = fsDriver({
    base: folder,
    ignore: ["**/node_modules/**", "**/.git/**", `**/*${partialSuffix}`],
  });
  const fileOf = (key: string) => {
    // The fs driver's own rule: no `..` segment may leave the folder.
    if (/\.\.:|\.\.$/.test(key))
      throw new Error(`Invalid key: ${JSON.stringify(key)}. It should not contain .. segments`);
    return join(folder, key.replace(/:/g, "/"));
  };
  const writeAtomically = async (key: string, value: string | Uint8Array) => {
    const file = fileOf(key);
    const partial = `${file}.${randomBytes(8).toString("hex")}${partialSuffix}`;
    await mkdir(dirname(file), { recursive: true });
    try {
      await writeFile(partial, value);
      await rename(partial, file);
    } catch (thrown) {
      await rm(partial, { force: true });
      throw thrown;
    }
  };
  return createStorage({
    driver: {
      ...driver,
      setItem: (key, value) => writeAtomically(key, value),
      setItemRaw: (key, value) => writeAtomically(key, value as string | Uint8Array),
    },
  });
}
