import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const bin = fileURLToPath(new URL("../../bin/interlingua.js", import.meta.url));

/** One `interlingua` process the test started, in a process group of its own. */
export interface ServeProcess {
  /** `http://127.0.0.1:<port>`, once it listens. */
  url: string;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** Process group id (the bin's pid); the tsx child it runs is in the group too. */
  group: number;
  /** Signals the whole group and waits for the bin to exit. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Runs `interlingua <args>` as a user would after `pnpm exec interlingua` finds the bin: Node on
 * `packages/cli/bin/interlingua.js`, from `cwd`, with `environment` added. Resolves once it says it
 * listens; rejects with its output if it exits first.
 */
export function startInterlingua(
  args: string[],
  cwd: string,
  environment: NodeJS.ProcessEnv,
): Promise<ServeProcess> {
  const child: ChildProcess = spawn(process.execPath, [bin, ...args], {
    cwd,
    env: { ...process.env, TSX_DISABLE_CACHE: "1", ...environment },
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.kill(-child.pid!, "SIGKILL");
      reject(new Error(`interlingua ${args.join(" ")} did not start in time:\n${output}`));
    }, 60_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/\S+)/.exec(output);
      if (listening === null) return;
      clearTimeout(timer);
      resolve({
        url: listening[1]!,
        stderr: () => output,
        group: child.pid!,
        async stop(signal) {
          try {
            process.kill(-child.pid!, signal);
          } catch {
            // Already gone.
          }
          await exited;
        },
      });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`interlingua ${args.join(" ")} exited with ${code}:\n${output}`));
    });
  });
}

/** A port of 127.0.0.1 nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Which of `processes` holds the client end of a TCP connection whose local port is `port` (as a
 * server saw it: the remote port), read from Linux's /proc: the socket's inode, then the process
 * of those groups with a file descriptor on it.
 */
export function processOwningPort<T extends ServeProcess>(
  processes: readonly T[],
  port: number,
): T | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hexPort}`)) inodes.add(`socket:[${fields[9]}]`);
    }
  }
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let group: number;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      group = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
    } catch {
      continue;
    }
    const owner = processes.find((candidate) => candidate.group === group);
    if (owner === undefined) continue;
    let descriptors: string[] = [];
    try {
      descriptors = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const descriptor of descriptors) {
      try {
        if (inodes.has(readlinkSync(join(`/proc/${pid}/fd`, descriptor)))) return owner;
      } catch {
        // Closed meanwhile.
      }
    }
  }
  return undefined;
}
