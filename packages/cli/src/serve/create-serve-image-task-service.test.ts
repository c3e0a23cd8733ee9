import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type NodeServer, serveNode } from "@interlingua/gateway/node";
import { defaultRecordingFormats } from "@interlingua/recordings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServe, startServe } from "../commands/serve-command";
import { captureIo } from "../testing/capture-io";

/** A 16×16 red PNG, as the local image models draw it. */
const redSquarePng =
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWM4oaFBEmIY1aAxGkonhmvSAAB8MxgQHP/NsAAAAABJRU5ErkJggg==";
const chinesePrompt = "一只猫在窗台上睡觉";
const translatedPrompt = "a cat sleeping on a windowsill";
const serveKey = "sk-serve-caller";

/**
 * One local upstream speaking both image formats: generate-content answers an inline PNG when
 * images are asked for, else the translation; responses answers an `image_generation_call`.
 */
async function startImageUpstream(): Promise<NodeServer & { paths: string[]; bodies: string[] }> {
  const paths: string[] = [];
  const bodies: string[] = [];
  const server = await serveNode({
    async fetch(request) {
      const path = new URL(request.url).pathname;
      const text = await request.text();
      paths.push(path);
      bodies.push(text);
      const body = JSON.parse(text);
      if (path === "/v1/responses") {
        return Response.json({
          id: `resp_${paths.length}`,
          object: "response",
          created_at: 1700000000,
          status: "completed",
          model: body.model,
          output: [{ type: "image_generation_call", id: "ig_1", status: "completed", result: redSquarePng }],
          usage: { input_tokens: 10, output_tokens: 100, total_tokens: 110 },
        });
      }
      const wantsImage = body.generationConfig?.responseModalities?.includes("IMAGE") ?? false;
      const part = wantsImage
        ? { inlineData: { mimeType: "image/png", data: redSquarePng } }
        : { text: translatedPrompt };
      return Response.json({
        candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 20, totalTokenCount: 30 },
      });
    },
  });
  return Object.assign(server, { paths, bodies });
}

const temporaryDirectories: string[] = [];

/** A new directory under the OS temp folder, removed after the file's tests. */
function temporaryDirectory(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  temporaryDirectories.push(directory);
  return directory;
}

async function serveWith(
  config: unknown,
  io: ReturnType<typeof captureIo> = captureIo({ environment: {} }),
): Promise<RunningServe> {
  const file = join(temporaryDirectory("interlingua-serve-image-"), "config.json");
  writeFileSync(file, JSON.stringify(config));
  const dataDir = temporaryDirectory("interlingua-serve-data-");
  const running = await startServe(
    ["--config", file, "--port", "0", "--data-dir", dataDir],
    io,
    defaultRecordingFormats,
  );
  if (!running) throw new Error("serve did not start");
  return running;
}

async function call(
  url: string,
  method: "GET" | "POST",
  headers: Record<string, string>,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
): Promise<{ status: number; json: any }> {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: await response.json() };
}

async function finished(base: string, id: string, headers: Record<string, string>) {
  for (let attempt = 0; attempt < 500; attempt++) {
    const { json } = await call(`${base}/task/${id}/fetch`, "GET", headers);
    if (["SUCCESS", "FAILURE", "CANCEL"].includes(json.status)) return json;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`task ${id} never finished`);
}

let upstream: Awaited<ReturnType<typeof startImageUpstream>>;
beforeAll(async () => {
  upstream = await startImageUpstream();
});
afterAll(async () => {
  await upstream?.close();
  for (const directory of temporaryDirectories) rmSync(directory, { recursive: true, force: true });
});

describe("interlingua serve with an imageTask section on a generate-content provider", () => {
  const blobDirectory = temporaryDirectory("interlingua-serve-blobs-");
  let running: RunningServe;
  const bearer = { authorization: `Bearer ${serveKey}` };

  beforeAll(async () => {
    running = await serveWith({
      auth: { keys: [serveKey] },
      providers: { gemini: { type: "generate-content", baseURL: upstream.url, apiKey: "upstream-key" } },
      routes: [{ model: "translator", provider: "gemini", upstreamModel: "gemini-text" }],
      imageTask: {
        provider: "gemini",
        model: "gemini-image",
        blobDirectory,
        translateWith: "translator",
        shortenWith: "translator",
        adminKeys: ["sk-serve-admin"],
      },
    });
  });
  afterAll(async () => {
    await running?.server.close();
    await running?.imageTask?.idle();
  });

  it("completes an imagine under /img/ with the prompt translated through the gateway's route", async () => {
    const url = running.server.url;
    const submitted = await call(`${url}/img/submit/imagine`, "POST", bearer, { prompt: chinesePrompt });
    expect(submitted).toMatchObject({ status: 200, json: { code: 1 } });
    const task = await finished(`${url}/img`, submitted.json.result, bearer);
    expect(task).toMatchObject({
      status: "SUCCESS",
      prompt: chinesePrompt,
      promptEn: translatedPrompt,
      properties: { promptTranslation: "translated" },
    });
    const translation = upstream.paths.indexOf("/v1beta/models/gemini-text:generateContent");
    expect(translation).toBeGreaterThanOrEqual(0);
    expect(upstream.bodies[translation]).toContain(chinesePrompt);
    expect(
      upstream.paths.filter((path) => path === "/v1beta/models/gemini-image:generateContent"),
    ).toHaveLength(4);
    // The grid is served by serve itself, from the configured directory.
    expect(task.imageUrl).toMatch(new RegExp(`^${url}/img/image/`));
    const image = await fetch(task.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(readdirSync(blobDirectory, { recursive: true }).length).toBeGreaterThan(0);
  });

  it("answers a proxy-style client under /mj/ through U1, with the gateway's keys", async () => {
    const url = running.server.url;
    const secret = { "mj-api-secret": serveKey };
    const submitted = await call(`${url}/mj/submit/imagine`, "POST", secret, {
      prompt: "a red square",
      botType: "MID_JOURNEY",
    });
    const grid = await finished(`${url}/mj`, submitted.json.result, secret);
    const u1 = grid.buttons.find((button: { customId: string }) =>
      button.customId.startsWith("MJ::JOB::upsample::1::"),
    );
    const action = await call(`${url}/mj/submit/action`, "POST", secret, {
      taskId: grid.id,
      customId: u1.customId,
    });
    expect(action.json.code).toBe(1);
    expect(await finished(`${url}/mj`, action.json.result, secret)).toMatchObject({
      action: "UPSCALE",
      status: "SUCCESS",
    });
    const refused = await call(`${url}/mj/task/${grid.id}/fetch`, "GET", { "mj-api-secret": "sk-other" });
    expect(refused.status).toBe(401);
    // Accounts: only the admin key manages them.
    expect((await call(`${url}/mj/account/list`, "GET", secret)).status).toBe(403);
    const accounts = await call(`${url}/mj/account/list`, "GET", { "mj-api-secret": "sk-serve-admin" });
    expect(accounts).toMatchObject({ status: 200, json: [{ instanceId: "gemini", backend: "gemini" }] });
  });
  it("serves the speed-mode prefixes relays use, and shorten through the gateway's route", async () => {
    const url = running.server.url;
    const secret = { "mj-api-secret": serveKey };
    const fast = await call(`${url}/mj-fast/mj/submit/imagine`, "POST", secret, { prompt: "a red square" });
    expect(fast.json).toMatchObject({ code: 1 });
    expect(await finished(`${url}/mj`, fast.json.result, secret)).toMatchObject({
      status: "SUCCESS",
      properties: { mode: "FAST" },
    });
    const relax = await call(`${url}/mj-relax/mj/submit/imagine`, "POST", secret, { prompt: "a red square" });
    expect(await finished(`${url}/mj`, relax.json.result, secret)).toMatchObject({
      properties: { mode: "RELAX" },
    });
    const shorten = await call(`${url}/mj/submit/shorten`, "POST", secret, { prompt: "a long prompt" });
    expect(shorten.json).toMatchObject({ code: 1 });
    expect(await finished(`${url}/mj`, shorten.json.result, secret)).toMatchObject({
      action: "SHORTEN",
      status: "SUCCESS",
      properties: { prompts: [translatedPrompt] },
    });
  });
});

describe("interlingua serve with an imageTask section on a responses provider", () => {
  it("completes an imagine with the image-generation tool, open when the gateway has no keys", async () => {
    const running = await serveWith({
      providers: { openai: { type: "responses", baseURL: upstream.url, apiKey: "upstream-key" } },
      routes: [],
      imageTask: {
        provider: "openai",
        model: "gpt-image-local",
        publicBaseURL: "https://cdn.example.com/pics/",
        blobDirectory: temporaryDirectory("interlingua-serve-blobs-"),
      },
    });
    try {
      const url = running.server.url;
      const before = upstream.paths.length;
      const submitted = await call(`${url}/img/submit/imagine`, "POST", {}, { prompt: chinesePrompt });
      expect(submitted.json.code).toBe(1);
      const task = await finished(`${url}/img`, submitted.json.result, {});
      expect(task).toMatchObject({
        status: "SUCCESS",
        promptEn: chinesePrompt,
        properties: { promptTranslation: "no-translator" },
      });
      // Image URLs are under publicBaseURL; its path is mounted too, for a proxy that keeps it.
      expect(task.imageUrl).toMatch(/^https:\/\/cdn\.example\.com\/pics\/img\/image\//);
      const path = new URL(task.imageUrl).pathname;
      for (const served of [path, path.slice("/pics".length)]) {
        const image = await fetch(`${url}${served}`);
        expect(image.status, served).toBe(200);
        expect(image.headers.get("content-type")).toBe("image/png");
      }
      const calls = upstream.paths.slice(before);
      expect(calls).toEqual(["/v1/responses", "/v1/responses", "/v1/responses", "/v1/responses"]);
      expect(upstream.bodies.at(-1)).toContain('"image_generation"');
    } finally {
      await running.server.close();
      await running.imageTask?.idle();
    }
  });
});

describe("interlingua serve with imageTask.notify settings", () => {
  it("delivers to the default hook on a listed private host, signed, refuses hooks on other private hosts, and logs a hook given up", async () => {
    const io = captureIo({ environment: {} });
    const received: { status: string; signature: string | null }[] = [];
    let failuresLeft = 1;
    const hook = await serveNode({
      async fetch(request) {
        if (new URL(request.url).pathname === "/down/secret-token")
          return new Response("down", { status: 503 });
        const record = JSON.parse(await request.text());
        if (failuresLeft-- > 0) return new Response("down", { status: 503 });
        received.push({ status: record.status, signature: request.headers.get("x-image-task-signature") });
        return new Response(null, { status: 204 });
      },
    });
    const running = await serveWith(
      {
        providers: { gemini: { type: "generate-content", baseURL: upstream.url, apiKey: "upstream-key" } },
        routes: [],
        imageTask: {
          provider: "gemini",
          model: "gemini-image",
          blobDirectory: temporaryDirectory("interlingua-serve-blobs-"),
          notify: {
            globalHook: `${hook.url}/hook`,
            secret: "hook-secret",
            allowPrivateHosts: ["127.0.0.0/8"],
            maxAttempts: 3,
            baseDelayMs: 20,
            maxDelayMs: 40,
            timeoutMs: 2_000,
          },
        },
      },
      io,
    );
    try {
      const url = running.server.url;
      const submitted = await call(`${url}/img/submit/imagine`, "POST", {}, { prompt: "a red square" });
      expect(submitted.json.code).toBe(1);
      await finished(`${url}/img`, submitted.json.result, {});
      await running.imageTask?.idle();
      expect(received.at(-1)).toMatchObject({
        status: "SUCCESS",
        signature: expect.stringMatching(/^t=\d+,v1=/),
      });
      const refused = await call(
        `${url}/img/submit/imagine`,
        "POST",
        {},
        {
          prompt: "x",
          notifyHook: "http://10.1.2.3/hook",
        },
      );
      expect(refused).toMatchObject({ status: 400, json: { code: 21, properties: { param: "notifyHook" } } });
      const down = await call(
        `${url}/img/submit/imagine`,
        "POST",
        {},
        {
          prompt: "y",
          notifyHook: `${hook.url}/down/secret-token`,
        },
      );
      await finished(`${url}/img`, down.json.result, {});
      await running.imageTask?.idle();
      expect(io.err()).toContain(
        `notify hook at ${new URL(hook.url).origin} for task ${down.json.result} gave up after 3 attempt(s): the hook answered HTTP 503`,
      );
      expect(io.err()).not.toContain("secret-token");
    } finally {
      await running.server.close();
      await running.imageTask?.idle();
      await hook.close();
    }
  });
});
