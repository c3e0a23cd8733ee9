import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { type AnyCodec, CanonicalError, type ChatEvent } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClientTarget, clientLines } from "../matrix/client-lines";
import { textAnswer } from "../support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";
import type { RuntimeGatewaySettings } from "./runtime-gateway-config";
import { type RuntimeResult, renderRuntimeTable, runtimeSectionMarker } from "./runtime-table";

/**
 * The gateway served by each runtime's own server API, in front of local upstreams on 127.0.0.1,
 * called by the official SDKs. Run by `.ci/run` (vitest.runtimes.config.ts), which installs the
 * runtimes from npm and names their binaries in INTERLINGUA_BUN, INTERLINGUA_DENO and
 * INTERLINGUA_WORKERD. Node (`serveNode` and `gateway.fetch`) is covered by matrix.test.ts.
 */
function binary(variable: string): string {
  const path = process.env[variable];
  if (!path) throw new Error(`${variable} is not set: .ci/run installs the runtimes and sets it`);
  return path;
}

/** The version a runtime binary reports (`1.4.5`, `2.9.6`, `2026-11-17`). */
function version(variable: string): string {
  const reported = execFileSync(binary(variable), ["--version"], { encoding: "utf8" });
  return /\d[\d.-]*\d/.exec(reported)?.[0] ?? reported.trim();
}

const apiKey = "runtime-caller-key";
const backends: AnyCodec[] = [messagesCodec, generateContentCodec, responsesCodec, chatCompletionsCodec];
const officialLines = clientLines.filter((line) => !line.name.startsWith("ai +"));
const folder = mkdtempSync(join(tmpdir(), "interlingua-runtimes-"));
const upstreams = new Map<string, ScriptedUpstream>();
const results: RuntimeResult[] = [];

/** Bundles one server entry (a path from this folder) into a single ES module for a runtime. */
async function bundle(entry: string, conditions: string[]): Promise<string> {
  const outfile = join(folder, basename(entry).replace(/\.ts$/, ".js"));
  await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["@interlingua/source", ...conditions],
    outfile,
    logLevel: "silent",
  });
  return outfile;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

/** A runtime's server process and the URL it serves on. */
interface RunningRuntime {
  url: string;
  process: ChildProcess;
  output: () => string;
}

function spawnRuntime(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    cwd: folder,
  });
}

/** Waits for the first JSON line `{ url }` a server prints once it listens. */
async function announcedUrl(child: ChildProcess, log: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL announced:\n${log.join("")}`)), 30_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      const match = /\{"url":"[^"]+"\}/.exec(log.join("") + chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolve(JSON.parse(match[0]).url);
      }
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code} before listening:\n${log.join("")}`)));
  });
}

/** Waits until a server answers on `url`. */
async function answering(url: string, child: ChildProcess, log: string[]): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${log.join("")}`);
    try {
      await fetch(`${url}/probe`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`not answering on ${url}:\n${log.join("")}`);
}

function collectOutput(child: ChildProcess): string[] {
  const log: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  return log;
}

/** Each runtime: how to start the gateway on its own server. */
const runtimes: {
  name: string;
  /** The variable naming its binary. */
  binary: string;
  start(settings: RuntimeGatewaySettings): Promise<RunningRuntime>;
}[] = [
  {
    name: "Bun (Bun.serve)",
    binary: "INTERLINGUA_BUN",
    async start(settings) {
      const entry = await bundle("bun-server.ts", ["bun"]);
      const child = spawnRuntime(binary("INTERLINGUA_BUN"), ["run", entry], {
        INTERLINGUA_RUNTIME_SETTINGS: JSON.stringify(settings),
      });
      const log = collectOutput(child);
      return { url: await announcedUrl(child, log), process: child, output: () => log.join("") };
    },
  },
  {
    name: "Deno (Deno.serve)",
    binary: "INTERLINGUA_DENO",
    async start(settings) {
      const entry = await bundle("deno-server.ts", ["deno"]);
      const child = spawnRuntime(
        binary("INTERLINGUA_DENO"),
        ["run", "--allow-net=127.0.0.1", "--allow-env=INTERLINGUA_RUNTIME_SETTINGS", "--no-prompt", entry],
        { INTERLINGUA_RUNTIME_SETTINGS: JSON.stringify(settings), DENO_NO_UPDATE_CHECK: "1" },
      );
      const log = collectOutput(child);
      return { url: await announcedUrl(child, log), process: child, output: () => log.join("") };
    },
  },
  {
    name: "workerd (Workers module)",
    binary: "INTERLINGUA_WORKERD",
    async start(settings) {
      const entry = await bundle("workerd-worker.ts", workerdConditions);
      return startWorkerd(entry, { INTERLINGUA_RUNTIME_SETTINGS: JSON.stringify(settings) });
    },
  },
];

const workerdConditions = ["workerd", "worker", "browser"];

/**
 * Runs a bundled Workers module in workerd with no compatibility flags, listening on 127.0.0.1,
 * with text bindings, and an outbound network that may reach the local upstreams (workerd's default
 * refuses private addresses).
 */
async function startWorkerd(modulePath: string, bindings: Record<string, string>): Promise<RunningRuntime> {
  const port = await freePort();
  const config = `${modulePath}.capnp`;
  const texts = Object.entries(bindings).map(
    ([name, text]) => `(name = "${name}", text = ${JSON.stringify(text)})`,
  );
  writeFileSync(
    config,
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .gateway),
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const gateway :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed ${JSON.stringify(basename(modulePath))})],
  compatibilityDate = "2025-09-01",
  bindings = [${texts.join(", ")}],
);
`,
  );
  const child = spawnRuntime(binary("INTERLINGUA_WORKERD"), ["serve", config], {});
  const log = collectOutput(child);
  const url = `http://127.0.0.1:${port}`;
  await answering(url, child, log);
  return { url, process: child, output: () => log.join("") };
}

async function stop(running: RunningRuntime | undefined): Promise<void> {
  if (!running || running.process.exitCode !== null) return;
  running.process.kill();
  await once(running.process, "exit");
}

function textEvents(words: string[]): ChatEvent[] {
  return [
    { type: "response-start", id: "resp_runtime", model: "upstream-model" },
    { type: "part-start", index: 0, kind: "text" },
    ...words.map((text): ChatEvent => ({ type: "text-delta", index: 0, text })),
    { type: "part-end", index: 0, part: { type: "text", text: words.join("") } },
    { type: "response-end", finishReason: { reason: "stop" }, usage: { inputTokens: 3, outputTokens: 3 } },
  ];
}

beforeAll(async () => {
  for (const codec of backends) upstreams.set(codec.id, await createScriptedUpstream(codec));
});

afterAll(async () => {
  for (const upstream of upstreams.values()) await upstream.close();
  rmSync(folder, { recursive: true, force: true });
  const path = fileURLToPath(new URL("../../../../docs/compatibility.md", import.meta.url));
  const document = readFileSync(path, "utf8");
  const head = document.split(runtimeSectionMarker)[0]!.trimEnd();
  const table = renderRuntimeTable(
    results,
    runtimes.map((runtime) => ({
      name: runtime.name,
      label: runtime.name.replace(" (", ` ${version(runtime.binary)} (`),
    })),
    officialLines.map((line) => `${line.name} (${line.front})`),
    backends.map((codec) => codec.id),
  );
  const complete = results.length === runtimes.length * (officialLines.length * backends.length * 3 + 1);
  const updated = `${head}\n\n${table}`;
  if (process.env.UPDATE_COMPATIBILITY === "1") writeFileSync(path, updated);
  else if (complete)
    expect(document, "docs/compatibility.md's runtime table is stale: run with UPDATE_COMPATIBILITY=1").toBe(
      updated,
    );
});

for (const runtime of runtimes) {
  describe(runtime.name, () => {
    let running: RunningRuntime;
    beforeAll(async () => {
      running = await runtime.start({
        apiKey,
        upstreams: {
          messages: upstreams.get("messages")!.url,
          "generate-content": upstreams.get("generate-content")!.url,
          responses: upstreams.get("responses")!.url,
          "chat-completions": upstreams.get("chat-completions")!.url,
        },
      });
    }, 60_000);
    afterAll(() => stop(running));

    const record = (client: string, backend: string, scenario: string) =>
      results.push({ runtime: runtime.name, client, backend, scenario });

    for (const backendCodec of backends) {
      const backend = backendCodec.id;
      for (const line of officialLines) {
        const client = `${line.name} (${line.front})`;
        describe(`${client} → ${backend}`, () => {
          const target = (): ClientTarget => ({ url: running.url, apiKey, model: `gpt-5-${backend}` });

          it("plain reply", async () => {
            upstreams.get(backend)!.answer(() => ({ response: textAnswer("Hello from upstream") }));
            expect(await line.plain(target())).toBe("Hello from upstream");
            record(client, backend, "plain");
          });

          it("streamed reply", async () => {
            const upstream = upstreams.get(backend)!;
            upstream.answer(() => ({ events: textEvents(["Hello", " from", " upstream"]) }));
            const { deltas } = await line.streamed(target());
            expect(deltas.join("")).toBe("Hello from upstream");
            expect(upstream.calls.at(-1)?.stream).toBe(true);
            record(client, backend, "streamed");
          });

          it("upstream 429 reaches the client as 429", async () => {
            upstreams.get(backend)!.answer(() => ({
              error: new CanonicalError("rate_limit", "Too many requests upstream.", { retryAfter: 3 }),
            }));
            expect((await line.refusedStream(target())).status).toBe(429);
            record(client, backend, "error");
          });
        });
      }
    }

    it("closes the upstream call when the client disconnects mid-stream", async () => {
      const upstream = upstreams.get("responses")!;
      const events = [
        { type: "response-start", id: "resp_slow", model: "upstream-model" },
        { type: "part-start", index: 0, kind: "text" },
        ...Array.from({ length: 50 }, () => ({ type: "text-delta", index: 0, text: "more " })),
      ] as ChatEvent[];
      upstream.answer(() => ({ events, hangAfter: 10 }));
      const before = upstream.calls.length;
      const controller = new AbortController();
      const answer = await fetch(`${running.url}/v1/messages`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-api-key": apiKey,
          "anthropic-version": "2023-06-01",
        },
        body: JSON.stringify({
          model: "gpt-5-responses",
          max_tokens: 50,
          stream: true,
          messages: [{ role: "user", content: "Go on." }],
        }),
        signal: controller.signal,
      });
      expect(answer.status).toBe(200);
      const reader = answer.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      controller.abort();
      for (let attempt = 0; attempt < 200 && !upstream.calls[before]?.aborted; attempt++)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(upstream.calls[before]?.aborted, running.output()).toBe(true);
      record("fetch", "responses", "disconnect");
    });
  });
}

describe("docs/embedding.md's Bun and Deno examples, exactly as printed", () => {
  /** Each example, how its runtime runs it, and the environment it is configured from. */
  const examples = [
    { name: "Bun", file: "bun-server.ts", binary: "INTERLINGUA_BUN", conditions: ["bun"], args: ["run"] },
    {
      name: "Deno",
      file: "deno-server.ts",
      binary: "INTERLINGUA_DENO",
      conditions: ["deno"],
      args: ["run", "--allow-net", "--allow-env", "--no-prompt"],
    },
  ];
  for (const example of examples)
    it(`${example.name}: serves an official client from the environment's configuration`, async () => {
      const entry = await bundle(`../../examples/${example.file}`, example.conditions);
      const port = await freePort();
      const child = spawnRuntime(binary(example.binary), [...example.args, entry], {
        PORT: String(port),
        INTERLINGUA_API_KEYS: apiKey,
        ANTHROPIC_API_KEY: "upstream-messages",
        ANTHROPIC_BASE_URL: upstreams.get("messages")!.url,
        DENO_NO_UPDATE_CHECK: "1",
      });
      const log = collectOutput(child);
      const running: RunningRuntime = {
        url: `http://127.0.0.1:${port}`,
        process: child,
        output: () => log.join(""),
      };
      try {
        await answering(running.url, child, log);
        upstreams.get("messages")!.answer(() => ({ response: textAnswer("Hello from upstream") }));
        const line = officialLines.find((candidate) => candidate.front === "messages")!;
        expect(
          await line.plain({ url: running.url, apiKey, model: "claude-sonnet-4-5" }),
          running.output(),
        ).toBe("Hello from upstream");
      } finally {
        await stop(running);
      }
    });
});

describe("README's Workers snippet, exactly as printed, in workerd with no compatibility flags", () => {
  let running: RunningRuntime | undefined;
  afterAll(() => stop(running));

  it("starts, refuses a caller without the key, and answers one with it in the caller's format", async () => {
    const readme = readFileSync(fileURLToPath(new URL("../../../../README.md", import.meta.url)), "utf8");
    const snippet = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)]
      .map((match) => match[1]!)
      .find((block) => block.includes("export default {") && block.includes("createGateway"));
    expect(snippet, "README.md has no Workers snippet").toBeDefined();
    const outfile = join(folder, "readme-worker.js");
    await build({
      stdin: {
        contents: snippet!,
        loader: "ts",
        resolveDir: fileURLToPath(new URL("../../../..", import.meta.url)),
      },
      bundle: true,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      conditions: ["@interlingua/source", ...workerdConditions],
      outfile,
      logLevel: "silent",
    });
    running = await startWorkerd(outfile, {
      GATEWAY_KEY: "readme-gateway-key",
      ANTHROPIC_API_KEY: "sk-ant-unused",
    });
    const request = (headers: Record<string, string>) =>
      fetch(`${running!.url}/v1/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "anthropic-version": "2023-06-01", ...headers },
        body: JSON.stringify({ model: "claude-sonnet-4-5", max_tokens: "many", messages: [] }),
      });
    const refused = await request({});
    expect(refused.status, running.output()).toBe(401);
    expect(await refused.json()).toMatchObject({ type: "error", error: { type: "authentication_error" } });
    const invalid = await request({ "x-api-key": "readme-gateway-key" });
    expect(invalid.status, running.output()).toBe(400);
    expect(await invalid.json()).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
  });
});
