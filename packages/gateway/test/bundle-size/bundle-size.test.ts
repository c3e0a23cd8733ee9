import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Size budgets of what a user bundles (decision 0010): esbuild, minified, ESM, for a Workers-style
 * runtime, gzip level 9. The packages are bundled from their sources (the `@interlingua/source`
 * condition): the same code the published `dist/` holds, without needing a build first. Chunks a
 * bundle loads only on demand (the token-estimate tables, imported on the first estimate) are
 * reported but not counted.
 */
/** Each format's codec loads on its first request, so the gateway's start-up holds none (decision 0023). */
const budgets = { "single codec": 60 * 1024, gateway: 100 * 1024 };

const output = mkdtempSync(join(tmpdir(), "interlingua-bundle-size-"));
afterAll(() => rmSync(output, { recursive: true, force: true }));

/** Bundles one entry and measures the chunks it loads at start-up. */
async function bundle(entry: string, name: string) {
  const result = await build({
    entryPoints: { [name]: new URL(entry, import.meta.url).pathname },
    bundle: true,
    splitting: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["@interlingua/source", "workerd", "worker", "browser"],
    absWorkingDir: output,
    outdir: name,
    metafile: true,
    write: true,
    logLevel: "silent",
  });
  const outputs = result.metafile.outputs;
  const [entryPath] = Object.entries(outputs).find(([, chunk]) => chunk.entryPoint) ?? [];
  if (!entryPath) throw new Error(`no entry chunk for ${entry}`);
  const startup = staticallyLoaded(outputs, entryPath);
  const gzipBytes = (paths: Iterable<string>) =>
    [...paths].reduce(
      (sum, path) => sum + gzipSync(readFileSync(resolve(output, path)), { level: 9 }).length,
      0,
    );
  const onDemand = Object.keys(outputs).filter((path) => path.endsWith(".js") && !startup.has(path));
  return {
    module: resolve(output, entryPath),
    startupGzip: gzipBytes(startup),
    onDemandGzip: gzipBytes(onDemand),
  };
}

/** The chunks reachable from `entry` through static imports. */
function staticallyLoaded(outputs: Metafile["outputs"], entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of outputs[path]?.imports ?? [])
      if (imported.kind === "import-statement") visit(imported.path);
  };
  visit(entry);
  return seen;
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe("bundle size budgets", () => {
  it(`one codec decoding one request: at most ${kilobytes(budgets["single codec"])} gzip, and it still decodes`, {
    timeout: 30_000,
  }, async () => {
    const measured = await bundle("./single-codec-entry.ts", "single-codec");
    console.log(`single codec: ${kilobytes(measured.startupGzip)} gzip`);
    expect(measured.startupGzip).toBeLessThanOrEqual(budgets["single codec"]);

    const { decodeMessagesRequest } = await import(pathToFileURL(measured.module).href);
    const request = decodeMessagesRequest({
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      messages: [{ role: "user", content: "Hello!" }],
    });
    expect(request.messages[0].parts).toEqual([{ type: "text", text: "Hello!" }]);
    // zod/mini has no messages of its own: the bundle must keep core's English ones.
    expect(() => decodeMessagesRequest({ model: 7, max_tokens: 64, messages: [] })).toThrow(
      /expected string, received number/,
    );
  });

  it(`the gateway: at most ${kilobytes(budgets.gateway)} gzip at start-up, and it still answers`, {
    timeout: 30_000,
  }, async () => {
    const measured = await bundle("./gateway-entry.ts", "gateway");
    console.log(
      `gateway: ${kilobytes(measured.startupGzip)} gzip at start-up, ${kilobytes(measured.onDemandGzip)} on demand`,
    );
    expect(measured.startupGzip).toBeLessThanOrEqual(budgets.gateway);

    const worker = (await import(pathToFileURL(measured.module).href)).default;
    const answer: Response = await worker.fetch(
      new Request("http://gateway.test/v1/messages", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-api-key": "any",
          "anthropic-version": "2023-06-01",
        },
        body: JSON.stringify({ model: "claude-sonnet-4-5", max_tokens: "many", messages: [] }),
      }),
      {},
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      type: "error",
      error: { type: "invalid_request_error", message: expect.stringMatching(/expected number/) },
    });
  });
});
