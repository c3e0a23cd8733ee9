import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { ServerReady, ServerRole, ServerUsage, UsageQuery } from "./server-process";

/** A server of the benchmark running in its own process. */
export interface ServerProcess {
  role: ServerRole;
  url: string;
  /** The process's CPU time and memory (after a GC with `gc`). */
  usage(gc?: boolean): Promise<ServerUsage>;
  stop(): Promise<void>;
}

let bundled: Promise<string> | undefined;

/**
 * `server-process.ts` and everything it imports (the gateway from its sources) bundled into one
 * ES module by esbuild, as a deployer would ship it, and as the packages' `dist` is built: not run
 * through tsx, whose transform keeps every function's name by defining it on each closure made
 * (a property store per closure, which doubled the memory an open stream held).
 */
function bundleServerProcess(): Promise<string> {
  bundled ??= (async () => {
    const outfile = join(mkdtempSync(join(tmpdir(), "interlingua-bench-http-")), "server-process.mjs");
    await build({
      entryPoints: [fileURLToPath(new URL("server-process.ts", import.meta.url))],
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      conditions: ["@interlingua/source"],
      // The CommonJS dependencies bundled in (ioredis) require Node's built-in modules.
      banner: {
        js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);',
      },
      sourcemap: true,
      outfile,
      logLevel: "warning",
    });
    return outfile;
  })();
  return bundled;
}

/**
 * Starts the bundled `server-process.ts` as `role` in a child Node process, with `nodeFlags`
 * (`--cpu-prof`), and waits until it listens.
 */
export async function startServerProcess(
  role: ServerRole,
  upstream: string,
  nodeFlags: readonly string[] = [],
): Promise<ServerProcess> {
  const entry = await bundleServerProcess();
  const child: ChildProcess = spawn(process.execPath, ["--expose-gc", ...nodeFlags, entry, role, upstream], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const [ready] = (await Promise.race([
    once(child, "message"),
    once(child, "exit").then(([code]) => {
      throw new Error(`${role} exited with ${code} before listening`);
    }),
  ])) as [ServerReady];
  let pending = Promise.resolve() as Promise<unknown>;
  return {
    role,
    url: ready.url,
    usage(gc = false) {
      const next = pending.then(async () => {
        const answer = once(child, "message") as Promise<[ServerUsage]>;
        child.send({ kind: "usage", gc } satisfies UsageQuery);
        return (await answer)[0];
      });
      pending = next.catch(() => undefined);
      return next;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.disconnect();
      await exited;
    },
  };
}
