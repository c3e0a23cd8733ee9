import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Absolute path of a file in the repository's `specs/` folder: the vendor specs (`vendor/`), real
 * recorded traffic (`recordings/<format>/`) and the image-task examples (`image-task/`), each with
 * its origin and licence in `specs/SOURCES.md`. Found from this file's own location, so it never
 * depends on the working directory or on anything outside the repository.
 */
export function specPath(...segments: string[]): string {
  return join(specsRoot(), ...segments);
}

let cachedRoot: string | undefined;

function specsRoot(): string {
  if (cachedRoot) return cachedRoot;
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(directory, "pnpm-workspace.yaml"))) {
      cachedRoot = join(directory, "specs");
      return cachedRoot;
    }
    const parent = dirname(directory);
    if (parent === directory)
      throw new Error("specPath: the repository root (pnpm-workspace.yaml) was not found");
    directory = parent;
  }
}
