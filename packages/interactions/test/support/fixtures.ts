import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const fixtureDirectory = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** Every JSON fixture of this package in `test/fixtures/<folder>`, by file name. */
export function readFixtures(folder: string): { name: string; value: unknown }[] {
  return readdirSync(join(fixtureDirectory, folder))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => ({
      name,
      value: JSON.parse(readFileSync(join(fixtureDirectory, folder, name), "utf8")) as unknown,
    }));
}
