import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * Absolute path of a file in the shared specifications folder (`shared/specs/` beside the
 * repository: vendor specs, recordings, seeds). Set `INTERLINGUA_SPECS` to use another folder.
 */
export function sharedSpecPath(...segments: string[]): string {
  return join(sharedSpecsRoot(), ...segments);
}

let cachedRoot: string | undefined;

function sharedSpecsRoot(): string {
  if (cachedRoot) return cachedRoot;
  const fromEnvironment = process.env.INTERLINGUA_SPECS;
  if (fromEnvironment) {
    cachedRoot = resolve(fromEnvironment);
    return cachedRoot;
  }
  let directory = process.cwd();
  for (;;) {
    const candidate = join(directory, "..", "shared", "specs");
    if (existsSync(join(directory, "pnpm-workspace.yaml")) && existsSync(candidate)) {
      cachedRoot = candidate;
      return cachedRoot;
    }
    const parent = dirname(directory);
    if (parent === directory) break;
    directory = parent;
  }
  throw new Error("shared/specs not found beside the repository; set INTERLINGUA_SPECS");
}
