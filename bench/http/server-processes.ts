import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import type { ServerReady, ServerRole, ServerUsage, UsageQuery } from "./server-process";

/** A server of the benchmark running in its own process. */
export interface ServerProcess {
  role: ServerRole;
  url: string;
  /** The process's CPU time and memory (after a GC with `gc`). */
  usage(gc?: boolean): Promise<ServerUsage>;
  stop(): Promise<void>;
}

const entry = fileURLToPath(new URL("server-process.ts", import.meta.url));

/**
 * Starts `server-process.ts` as `role` in a child Node process (sources through tsx, as `pnpm
 * bench` runs them), with `nodeFlags` (`--cpu-prof`), and waits until it listens.
 */
export async function startServerProcess(
  role: ServerRole,
  upstream: string,
  nodeFlags: readonly string[] = [],
): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "--expose-gc",
      "--conditions=@interlingua/source",
      "--import",
      "tsx",
      ...nodeFlags,
      entry,
      role,
      upstream,
    ],
    { stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
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
