import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Anthropic from "@anthropic-ai/sdk";
import { messagesCodec } from "@interlingua/messages";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { textAnswer } from "../support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";

const workspaceRoot = fileURLToPath(new URL("../../../..", import.meta.url));
const readme = readFileSync(join(workspaceRoot, "README.md"), "utf8");
const folder = mkdtempSync(join(tmpdir(), "interlingua-readme-examples-"));

/** README's fenced `ts` blocks, exactly as printed. */
const examples = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);

/** One README block bundled (esbuild, from the packages' sources) and imported as a module. */
async function load(block: string, name: string) {
  const outfile = join(folder, `${name}.mjs`);
  await build({
    stdin: { contents: block, loader: "ts", resolveDir: workspaceRoot },
    bundle: true,
    format: "esm",
    platform: "node",
    conditions: ["@interlingua/source"],
    outfile,
    logLevel: "silent",
  });
  return import(pathToFileURL(outfile).href);
}

let upstream: ScriptedUpstream;
beforeAll(async () => {
  upstream = await createScriptedUpstream(messagesCodec);
});
afterAll(async () => {
  await upstream.close();
  rmSync(folder, { recursive: true, force: true });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("README.md's TypeScript examples, as printed", () => {
  it("are the two this test knows: converting a request, and a Workers module", () => {
    expect(examples).toHaveLength(2);
  });

  it("converts a messages request to the responses format and logs the losses", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    await load(examples[0]!, "conversion");
    expect(log).toHaveBeenCalledTimes(1);
    const [losses] = log.mock.calls[0]!;
    expect(Array.isArray(losses)).toBe(true);
    log.mockRestore();
  }, 30_000);

  it("serves an official client through the Workers module, upstream calls going where it says", async () => {
    // The snippet names https://api.anthropic.com; its calls are sent to a local stand-in instead.
    const realFetch = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      if (url.origin !== "https://api.anthropic.com") return realFetch(input, init);
      const target = `${upstream.url}${url.pathname}${url.search}`;
      return input instanceof Request ? realFetch(new Request(target, input), init) : realFetch(target, init);
    });
    upstream.answer(() => ({ response: textAnswer("Hello from the stand-in") }));
    const worker = (await load(examples[1]!, "worker")).default;
    const env = { GATEWAY_KEY: "readme-gateway-key", ANTHROPIC_API_KEY: "sk-ant-readme" };
    const client = new Anthropic({
      baseURL: "https://worker.example",
      apiKey: env.GATEWAY_KEY,
      maxRetries: 0,
      fetch: (input, init) => worker.fetch(new Request(input as RequestInfo, init), env),
    });
    const message = await client.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 50,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(message.content).toMatchObject([{ type: "text", text: "Hello from the stand-in" }]);
    expect(upstream.calls.at(-1)?.apiKey).toBe(env.ANTHROPIC_API_KEY);

    const stranger = new Anthropic({
      baseURL: "https://worker.example",
      apiKey: "not-the-key",
      maxRetries: 0,
      fetch: (input, init) => worker.fetch(new Request(input as RequestInfo, init), env),
    });
    await expect(
      stranger.messages.create({ model: "x", max_tokens: 5, messages: [{ role: "user", content: "hi" }] }),
    ).rejects.toMatchObject({ status: 401 });
  }, 30_000);
});
