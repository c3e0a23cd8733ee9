import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { specPath } from "@interlingua/core/test";
import { defaultRecordingFormats, RecordedExchange } from "@interlingua/recordings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServe, startServe } from "../src/commands/serve-command";
import { captureIo } from "../src/testing/capture-io";

const workspaceRoot = fileURLToPath(new URL("../../..", import.meta.url));
const readme = readFileSync(join(workspaceRoot, "README.md"), "utf8");

/** The bodies of README's fenced blocks of one language. */
function fencedBlocks(language: string): string[] {
  return [...readme.matchAll(/^```(\S*)\n([\s\S]*?)^```$/gm)]
    .filter((match) => match[1] === language)
    .map((match) => match[2] as string);
}

/** Every command of README's `sh` blocks, comments dropped, each `a && b` as its steps. */
const readmeSteps = [
  ...new Set(
    fencedBlocks("sh")
      .flatMap((block) => block.split("\n"))
      .map((line) => line.replace(/\s+#.*$/, "").trim())
      .filter((line) => line !== "")
      .flatMap((line) => line.split(" && ").map((step) => step.trim())),
  ),
];

/**
 * Steps this test does not run, and why. Each is run by `.ci/run` in a fresh clone (README's two
 * set-up commands exactly as printed, then lint, typecheck and build).
 */
const exempt: Record<string, string> = {
  "npx -y pnpm@10.34.8 install": "it would rewrite node_modules under the running suite",
  "npx -y pnpm@10.34.8 test": "it is this very suite",
  "npx -y pnpm@10.34.8 build": "its dist/ would change what the other tests of this run import",
  "npx -y pnpm@10.34.8 typecheck": "it takes the two cores for a minute; .ci/run runs it",
  "npx -y pnpm@10.34.8 lint": ".ci/run runs it",
};

/** A folder the commands run in, as a user's working folder inside the checkout. */
let workFolder: string;
/** An offline gateway standing in for the vendors the README's gateway.json names. */
let upstream: RunningServe;

beforeAll(async () => {
  // pnpm finds the workspace from any folder inside it; the OS temp folder is outside it.
  const cache = join(workspaceRoot, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  workFolder = mkdtempSync(join(cache, "interlingua-readme-"));
  const started = await startServe(["--port", "0"], captureIo({ environment: {} }), defaultRecordingFormats);
  if (!started) throw new Error("the stand-in upstream did not start");
  upstream = started;
});
afterAll(async () => {
  await upstream?.server.close();
  if (workFolder) rmSync(workFolder, { recursive: true, force: true });
});

/**
 * The environment of a new user: no vendor key, so the gateway runs offline; any free port; a temp
 * folder of its own inside the work folder (tsx keeps its IPC sockets there), removed with it.
 */
function userEnvironment(): NodeJS.ProcessEnv {
  const temporary = join(workFolder, ".tmp");
  mkdirSync(temporary, { recursive: true });
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    INTERLINGUA_PORT: "0",
    TSX_DISABLE_CACHE: "1",
    TMPDIR: temporary,
  };
  for (const name of Object.keys(environment))
    if (/_API_KEYS?$|_BASE_URL$|^INTERLINGUA_SECRET$/.test(name)) delete environment[name];
  return environment;
}

/** Runs a step in a shell in the work folder; resolves with its exit code and output. */
async function runStep(step: string): Promise<{ code: number | null; output: string }> {
  const child = spawn("bash", ["-c", step], { cwd: workFolder, env: userEnvironment() });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const [code] = await once(child, "exit");
  return { code, output };
}

/** Starts a long-running step in its own process group; resolves once it prints its address. */
async function startStep(step: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn("bash", ["-c", step], { cwd: workFolder, env: userEnvironment(), detached: true });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address after 120 s:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      const address = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve(address);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening:\n${output}`));
    });
  });
  return { child, url, output: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = once(child, "exit");
  process.kill(-child.pid, "SIGTERM");
  await exited;
}

async function askMessages(url: string, model: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "any", "anthropic-version": "2023-06-01" },
    body: JSON.stringify({ model, max_tokens: 64, messages: [{ role: "user", content: "Hello!" }] }),
  });
  return { status: response.status, body: await response.json() };
}

/** How each kind of README command is run and checked. */
const runners: { pattern: RegExp; run: (step: string) => Promise<void> }[] = [
  {
    // The gateway: offline from the bundled recordings, or serving README's example gateway.json
    // with its vendors' addresses pointed at a local stand-in.
    pattern: /^npx -y pnpm@10\.34\.8 start( -- .*)?$/,
    async run(step) {
      const configured = step.includes("--config gateway.json");
      if (configured) {
        const [example] = fencedBlocks("json");
        const config = JSON.parse(example as string) as {
          providers: Record<string, { baseURL: string }>;
        };
        for (const provider of Object.values(config.providers)) provider.baseURL = upstream.server.url;
        writeFileSync(join(workFolder, "gateway.json"), JSON.stringify(config));
      }
      const { child, url, output } = await startStep(step);
      try {
        const answer = await askMessages(url, "claude-sonnet-4-5");
        expect(answer.status, output()).toBe(200);
        expect(answer.body).toMatchObject({ type: "message", content: [{ type: "text" }] });
        if (configured) {
          expect(output()).toContain(`claude-*  ->  anthropic (messages at ${upstream.server.url})`);
          const other = await fetch(`${url}/v1/responses`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: "Bearer any" },
            body: JSON.stringify({ model: "gpt-5", input: "Hello!" }),
          });
          expect(other.status).toBe(200);
          expect(await other.json()).toMatchObject({ object: "response", status: "completed" });
        } else {
          expect(output()).toContain("any API key is accepted offline");
        }
      } finally {
        await stop(child);
      }
    },
  },
  {
    // The command line, given the input files README names in the work folder.
    pattern: /^npx -y pnpm@10\.34\.8 exec interlingua /,
    async run(step) {
      const body = JSON.parse(readFileSync(specPath("recordings", "messages", "text.response.json"), "utf8"));
      const entry = {
        request: {
          method: "POST",
          url: "https://api.anthropic.com/v1/messages",
          headers: [],
          postData: {
            text: JSON.stringify({ model: "m", max_tokens: 64, messages: [{ role: "user", content: "Hi" }] }),
          },
        },
        response: {
          status: 200,
          headers: [],
          content: { mimeType: "application/json", text: JSON.stringify(body) },
        },
      };
      writeFileSync(
        join(workFolder, "capture.har"),
        JSON.stringify({ log: { version: "1.2", entries: [entry] } }),
      );
      const { code, output } = await runStep(step);
      expect(code, output).toBe(0);
      const to = /--to (\S+)/.exec(step)?.[1];
      const out = /-o (\S+)/.exec(step)?.[1];
      if (out !== undefined) {
        const lines = readFileSync(join(workFolder, out), "utf8").trim().split("\n");
        expect(lines).toHaveLength(1);
        expect(RecordedExchange.parse(JSON.parse(lines[0] as string)).format).toBe(to);
      }
    },
  },
];

describe("README.md's commands", { timeout: 300_000 }, () => {
  it("include the two set-up commands .ci/run greps for", () => {
    expect(readmeSteps).toEqual(
      expect.arrayContaining([
        "npx -y pnpm@10.34.8 install",
        "npx -y pnpm@10.34.8 start",
        "npx -y pnpm@10.34.8 test",
      ]),
    );
  });

  it("each have a runner here or an exemption with its reason, and no exemption is stale", () => {
    for (const step of readmeSteps) {
      const runnable = runners.some((runner) => runner.pattern.test(step));
      expect(runnable || step in exempt, `README shows a command this test cannot run: ${step}`).toBe(true);
    }
    for (const step of Object.keys(exempt)) expect(readmeSteps, `stale exemption: ${step}`).toContain(step);
  });

  for (const step of readmeSteps.filter((candidate) => !(candidate in exempt))) {
    it(`work as printed: ${step}`, async () => {
      const runner = runners.find((candidate) => candidate.pattern.test(step));
      if (!runner) throw new Error(`no runner for ${step}`);
      await runner.run(step);
    });
  }
});
