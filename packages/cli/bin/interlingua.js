#!/usr/bin/env node
// The `interlingua` command: the built command line, or, in a checkout before `pnpm build`, the
// same command line run from source with tsx (a development dependency of the workspace).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const built = new URL("../dist/index.js", import.meta.url);
const source = fileURLToPath(new URL("../src/start.ts", import.meta.url));

/** The tsx loader's URL, when tsx can be found from here. */
function tsxLoader() {
  try {
    return import.meta.resolve("tsx");
  } catch {
    return undefined;
  }
}

if (existsSync(built)) {
  const { main } = await import(built.href);
  await main();
} else {
  const loader = existsSync(source) ? tsxLoader() : undefined;
  if (loader === undefined) {
    process.stderr.write("interlingua: this copy is not built; run pnpm build first\n");
    process.exit(2);
  }
  const child = spawn(
    process.execPath,
    ["--conditions=@interlingua/source", "--import", loader, source, ...process.argv.slice(2)],
    // Paths are the caller's: start.ts reads them from INIT_CWD, which an outer script may have set.
    { stdio: "inherit", env: { ...process.env, INIT_CWD: process.cwd() } },
  );
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    process.exitCode = code ?? (signal === null ? 0 : 1);
  });
}
