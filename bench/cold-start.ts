/**
 * `pnpm bench:cold-start`: how long a fresh process takes from loading the gateway module to its
 * first answered request, on Node and in workerd (INTERLINGUA_WORKERD names the workerd binary; `.ci/run`
 * installs it from npm). The module is bench/cold-start/cold-start-worker.ts bundled and minified
 * by esbuild, as a deployer would ship it; the request is a responses-format chat request answered
 * through a messages upstream on 127.0.0.1, so the first answer pays for decoding, routing,
 * encoding and the upstream call. Prints the median and the range of 10 fresh starts each.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";

const runs = 10;
const folder = mkdtempSync(join(tmpdir(), "interlingua-cold-start-"));
const request = {
  url: "/v1/responses",
  init: {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "gpt-5", input: "Say hello.", max_output_tokens: 64 }),
  },
};

/** A messages upstream answering every call with one short message. */
const upstream = createHttpServer((incoming, outgoing) => {
  incoming.resume();
  incoming.on("end", () =>
    outgoing.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: "msg_cold",
        type: "message",
        role: "assistant",
        model: "upstream-model",
        content: [{ type: "text", text: "Hello." }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 3, output_tokens: 2 },
      }),
    ),
  );
}).listen(0, "127.0.0.1");
await once(upstream, "listening");
const upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;

const gatewayModule = join(folder, "gateway.js");
await build({
  entryPoints: [fileURLToPath(new URL("cold-start/cold-start-worker.ts", import.meta.url))],
  bundle: true,
  minify: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["@interlingua/source", "workerd", "worker", "browser"],
  outfile: gatewayModule,
  logLevel: "warning",
});
const emptyModule = join(folder, "empty.js");
writeFileSync(emptyModule, 'export default { fetch() { return new Response("ok"); } };\n');

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `${median.toFixed(0)} ms (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)})`;
}

// Node: one fresh process per run, timing itself from before the import to the read answer.
const host = join(folder, "node-host.mjs");
writeFileSync(
  host,
  `const start = performance.now();
const { default: worker } = await import(process.argv[2]);
const loaded = performance.now();
const answer = await worker.fetch(new Request("http://gateway.local${request.url}", ${JSON.stringify(request.init)}), { UPSTREAM: process.argv[3] });
const body = await answer.text();
if (answer.status !== 200) throw new Error(answer.status + " " + body);
console.log(JSON.stringify({ boot: start, load: loaded - start, first: performance.now() - loaded }));
`,
);
const node = { boot: [] as number[], load: [] as number[], first: [] as number[], total: [] as number[] };
for (let run = 0; run < runs; run++) {
  // Asynchronously: the upstream answers from this process.
  const { stdout } = await promisify(execFile)(process.execPath, [host, gatewayModule, upstreamUrl]);
  const measured = JSON.parse(stdout);
  node.boot.push(measured.boot);
  node.load.push(measured.load);
  node.first.push(measured.first);
  node.total.push(measured.load + measured.first);
}
console.log(`Node ${process.version}: process boot ${summary(node.boot)} (before the module is loaded)`);
console.log(`  module load ${summary(node.load)}, then first answer ${summary(node.first)}`);
console.log(`  module load → first answered request: ${summary(node.total)}`);

// workerd: from starting the process to the first answered request, against an empty worker.
const workerd = process.env.INTERLINGUA_WORKERD;
if (workerd) {
  async function freePort(): Promise<number> {
    const server = createNetServer().listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as { port: number };
    server.close();
    await once(server, "close");
    return port;
  }
  async function startToFirstAnswer(modulePath: string): Promise<number> {
    const port = await freePort();
    const config = `${modulePath}.capnp`;
    writeFileSync(
      config,
      `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .w), (name = "internet", network = (allow = ["public", "private", "local"]))],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const w :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed ${JSON.stringify(modulePath.split("/").at(-1))})],
  compatibilityDate = "2025-09-01",
  bindings = [(name = "UPSTREAM", text = ${JSON.stringify(upstreamUrl)})],
);
`,
    );
    const started = performance.now();
    const child: ChildProcess = spawn(workerd!, ["serve", config], { stdio: "ignore", cwd: folder });
    try {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`workerd exited with ${child.exitCode}`);
        try {
          const answer = await fetch(`http://127.0.0.1:${port}${request.url}`, request.init);
          await answer.text();
          if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
          return performance.now() - started;
        } catch (error) {
          if (error instanceof Error && error.message.startsWith("answered")) throw error;
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      }
    } finally {
      child.kill();
      if (child.exitCode === null) await once(child, "exit");
    }
  }
  const empty: number[] = [];
  const gateway: number[] = [];
  for (let run = 0; run < runs; run++) {
    empty.push(await startToFirstAnswer(emptyModule));
    gateway.push(await startToFirstAnswer(gatewayModule));
  }
  const version = execFileSync(workerd, ["--version"], { encoding: "utf8" }).trim();
  console.log(
    `${version}: start → first answer, empty worker ${summary(empty)}, gateway ${summary(gateway)}`,
  );
  console.log(`  the gateway's share: ${summary(gateway.map((value, index) => value - empty[index]!))}`);
} else console.log("workerd: skipped, INTERLINGUA_WORKERD is not set");

upstream.close();
rmSync(folder, { recursive: true, force: true });
