/**
 * One server of the HTTP benchmark in its own process, started by `bench/http/run.ts`:
 * `server-process.ts <role> [upstream URL]`. It tells its parent its URL over IPC once listening,
 * and answers `usage` messages with its CPU time and memory (after a GC when asked), so the
 * benchmark measures the server's own cost and not the load generator's.
 */
import type { AddressInfo } from "node:net";
import { startFakeUpstream } from "./fake-upstream";
import { startFetchFloor, startUndiciFloor } from "./floor-proxies";
import { startGatewayServer } from "./gateway-server";

/** The servers the benchmark runs, each in its own process. */
export type ServerRole = "upstream" | "floor-fetch" | "floor-undici" | "interlingua" | "interlingua-portable";

/** What the parent asks a server process. */
export interface UsageQuery {
  kind: "usage";
  /** Collect garbage first, so the heap figures are what is retained. */
  gc?: boolean;
}

/** A server process's answer to a {@link UsageQuery}. */
export interface ServerUsage {
  kind: "usage";
  /** User + system CPU time since the process started, microseconds. */
  cpuMicros: number;
  /** Peak resident set size, bytes. */
  maxRss: number;
  /** Heap in use plus memory held outside the heap (buffers), bytes. */
  retained: number;
}

/** The first message of a server process: where it listens. */
export interface ServerReady {
  kind: "ready";
  url: string;
}

async function start(role: ServerRole, upstream: string): Promise<string> {
  if (role === "interlingua" || role === "interlingua-portable")
    return (await startGatewayServer(upstream, role === "interlingua" ? "node" : "portable")).url;
  const server =
    role === "upstream"
      ? await startFakeUpstream()
      : role === "floor-fetch"
        ? await startFetchFloor(upstream)
        : await startUndiciFloor(upstream);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function usage(collect: boolean): ServerUsage {
  if (collect) globalThis.gc?.();
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  return {
    kind: "usage",
    cpuMicros: cpu.user + cpu.system,
    maxRss: process.resourceUsage().maxRSS * 1024,
    retained: memory.heapUsed + memory.external,
  };
}

const [role, upstream = ""] = process.argv.slice(2) as [ServerRole, string?];
process.on("message", (message: UsageQuery) => {
  if (message.kind === "usage") process.send?.(usage(message.gc === true));
});
process.on("disconnect", () => process.exit(0));
process.send?.({ kind: "ready", url: await start(role, upstream) } satisfies ServerReady);
