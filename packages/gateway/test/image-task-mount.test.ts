import { createGenerateContentProvider } from "@interlingua/generate-content";
import {
  createChatTranslator,
  createGenerateContentImageProvider,
  createImageTaskService,
  createMemoryImageBlobStore,
  type ImageTaskService,
} from "@interlingua/image-task";
import { createMessagesProvider } from "@interlingua/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConversionReport } from "../src/config/gateway-config-schema";
import { createGateway, type Gateway } from "../src/gateway/create-gateway";
import { type NodeServer, serveNode } from "../src/node/serve-node";

/**
 * The image-task service mounted in the gateway at `/img` and `/mj` (one object, requests passed
 * on unchanged), its images made by a generate-content upstream on 127.0.0.1 and its Chinese
 * prompts translated by a chat model the gateway itself routes (a messages client calling the
 * gateway, which answers from the same generate-content upstream).
 *
 * Auth, as these tests pin it down: the gateway's `auth.keys` guard its chat and model-listing
 * routes only. A mount is answered by its own handler before the gateway checks any key, so the
 * image-task service applies its own `auth.keys` alone: a gateway key opens nothing under `/img/`,
 * an image-task key opens no chat route, and an image-task service with no keys is open even behind
 * a gateway that wants keys. To share keys, give both the same list.
 */

/** A 16×16 red PNG, as the local image model draws it. */
const redSquarePng =
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWM4oaFBEmIY1aAxGkonhmvSAAB8MxgQHP/NsAAAAABJRU5ErkJggg==";
const chinesePrompt = "一只猫在窗台上睡觉";
const translatedPrompt = "a cat sleeping on a windowsill";
const gatewayKey = "sk-gateway-caller";
const imageKey = "sk-image-client";

interface UpstreamCall {
  path: string;
  body: { contents?: unknown; generationConfig?: { responseModalities?: string[] } };
}

/** A generate-content upstream: an inline PNG when images are asked for, else the translation. */
async function startGenerateContentUpstream(): Promise<NodeServer & { calls: UpstreamCall[] }> {
  const calls: UpstreamCall[] = [];
  const server = await serveNode({
    async fetch(request) {
      const path = new URL(request.url).pathname;
      if (!/^\/v1beta\/models\/[^/:]+:generateContent$/.test(path))
        return new Response("not found", { status: 404 });
      const body = (await request.json()) as UpstreamCall["body"];
      calls.push({ path, body });
      const wantsImage = body.generationConfig?.responseModalities?.includes("IMAGE") ?? false;
      const part = wantsImage
        ? { inlineData: { mimeType: "image/png", data: redSquarePng } }
        : { text: translatedPrompt };
      return Response.json({
        candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 20, totalTokenCount: 30 },
        modelVersion: "gemini-local",
      });
    },
  });
  return Object.assign(server, { calls });
}

let upstream: Awaited<ReturnType<typeof startGenerateContentUpstream>>;
let server: NodeServer;
let gateway: Gateway;
let service: ImageTaskService;
const reports: ConversionReport[] = [];

beforeAll(async () => {
  upstream = await startGenerateContentUpstream();
  // The gateway's URL is known once it listens; the translator and public image URLs need it.
  server = await serveNode({ fetch: (request) => gateway.fetch(request) });
  service = createImageTaskService({
    auth: { keys: [imageKey] },
    backends: {
      gemini: createGenerateContentImageProvider({
        provider: createGenerateContentProvider({ baseURL: upstream.url, apiKey: "upstream-key" }),
        model: "gemini-image",
      }),
    },
    accounts: [{ instanceId: "g1", channelId: "c1", backend: "gemini" }],
    translator: createChatTranslator({
      provider: createMessagesProvider({ baseURL: server.url, apiKey: gatewayKey }),
      model: "prompt-translator",
    }),
    blobs: createMemoryImageBlobStore(),
    publicBaseURL: server.url,
  });
  gateway = createGateway({
    auth: { keys: [gatewayKey] },
    providers: { gemini: { type: "generate-content", baseURL: upstream.url, apiKey: "upstream-key" } },
    routes: [{ model: "prompt-translator", provider: "gemini", upstreamModel: "gemini-text" }],
    mounts: { "/img": service, "/mj": service },
    onConversion: (report) => reports.push(report),
  });
});
afterAll(async () => {
  await service?.idle();
  await server?.close();
  await upstream?.close();
});

async function call(
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
): Promise<{ status: number; json: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === "" ? undefined : JSON.parse(text) };
}

/** Polls a task under `prefix` until it has finished. */
async function finished(prefix: "/img" | "/mj", id: string, headers: Record<string, string>) {
  for (let attempt = 0; attempt < 500; attempt++) {
    const { status, json } = await call("GET", `${prefix}/task/${id}/fetch`, headers);
    expect(status).toBe(200);
    if (["SUCCESS", "FAILURE", "CANCEL"].includes(json.status)) return json;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`task ${id} never finished`);
}

async function expectServedPng(url: string): Promise<void> {
  expect(url.startsWith(`${server.url}/`)).toBe(true);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/png");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join("")).toBe("PNG");
}

describe("the image-task service mounted in the gateway, over HTTP", () => {
  const bearer = { authorization: `Bearer ${imageKey}` };

  it("/img/: imagine with a Chinese prompt, translated through the gateway's chat route, then U1", async () => {
    const upstreamCallsBefore = upstream.calls.length;
    const submitted = await call("POST", "/img/submit/imagine", bearer, { prompt: chinesePrompt });
    expect(submitted).toMatchObject({ status: 200, json: { code: 1 } });
    const grid = await finished("/img", submitted.json.result, bearer);
    expect(grid).toMatchObject({
      action: "IMAGINE",
      status: "SUCCESS",
      progress: "100%",
      prompt: chinesePrompt,
      promptEn: translatedPrompt,
      properties: { promptTranslation: "translated" },
    });
    expect(grid.imageUrl).toMatch(new RegExp(`^${server.url}/img/image/`));
    await expectServedPng(grid.imageUrl);

    // The translation went messages front → gateway route → generate-content upstream, with the
    // gateway's key; the four grid candidates went straight to the upstream asking for images.
    const translation = reports.find((report) => report.model === "prompt-translator");
    expect(translation).toMatchObject({
      front: "messages",
      provider: "gemini",
      upstreamModel: "gemini-text",
      passThrough: false,
    });
    expect(translation?.error).toBeUndefined();
    const newCalls = upstream.calls.slice(upstreamCallsBefore);
    const textCalls = newCalls.filter((entry) => entry.path.includes("/gemini-text:"));
    expect(textCalls).toHaveLength(1);
    expect(JSON.stringify(textCalls[0]!.body.contents)).toContain(chinesePrompt);
    const imageCalls = newCalls.filter((entry) => entry.path.includes("/gemini-image:"));
    expect(imageCalls).toHaveLength(4);
    for (const entry of imageCalls) {
      expect(entry.body.generationConfig?.responseModalities).toContain("IMAGE");
      expect(JSON.stringify(entry.body.contents)).toContain(translatedPrompt);
    }

    const u1 = grid.buttons.find((button: { customId: string }) =>
      button.customId.startsWith("GEN::JOB::upsample::1::"),
    );
    expect(u1).toBeDefined();
    const action = await call("POST", "/img/submit/action", bearer, {
      taskId: grid.id,
      customId: u1.customId,
    });
    expect(action).toMatchObject({ status: 200, json: { code: 1 } });
    const upscaled = await finished("/img", action.json.result, bearer);
    expect(upscaled).toMatchObject({ action: "UPSCALE", status: "SUCCESS", promptEn: translatedPrompt });
    await expectServedPng(upscaled.imageUrl);
  });

  it("/mj/: a proxy-style client (mj-api-secret, MID_JOURNEY, MJ:: ids) runs imagine → fetch → U1", async () => {
    const secret = { "mj-api-secret": imageKey };
    const submitted = await call("POST", "/mj/submit/imagine", secret, {
      prompt: "a red square",
      botType: "MID_JOURNEY",
    });
    expect(submitted).toMatchObject({ status: 200, json: { code: 1 } });
    const grid = await finished("/mj", submitted.json.result, secret);
    expect(grid).toMatchObject({ status: "SUCCESS", promptEn: "a red square" });
    expect(grid.imageUrl).toMatch(new RegExp(`^${server.url}/mj/image/`));
    await expectServedPng(grid.imageUrl);
    const customIds: string[] = grid.buttons.map((button: { customId: string }) => button.customId);
    expect(customIds.every((customId) => customId.startsWith("MJ::"))).toBe(true);
    const u1 = customIds.find((customId) => customId.startsWith("MJ::JOB::upsample::1::"));
    expect(u1).toBeDefined();
    const action = await call("POST", "/mj/submit/action", secret, { taskId: grid.id, customId: u1 });
    expect(action).toMatchObject({ status: 200, json: { code: 1 } });
    const upscaled = await finished("/mj", action.json.result, secret);
    expect(upscaled).toMatchObject({ action: "UPSCALE", status: "SUCCESS" });
    await expectServedPng(upscaled.imageUrl);

    // One service behind both prefixes: the task is visible under /img/ too, with the buttons it was
    // made with (a task keeps the spelling of the prefix that created it).
    const same = await call("GET", `/img/task/${grid.id}/fetch`, { authorization: `Bearer ${imageKey}` });
    expect(same.json).toMatchObject({ id: grid.id, status: "SUCCESS", buttons: grid.buttons });
  });
});

describe("gateway auth and image-task auth are separate", () => {
  it("a gateway key opens no image-task endpoint: the service answers 401 in its own envelope", async () => {
    const { status, json } = await call("GET", "/img/task/1/fetch", {
      authorization: `Bearer ${gatewayKey}`,
    });
    expect(status).toBe(401);
    expect(json).toMatchObject({ description: "Invalid API key" });
    const missing = await call("POST", "/mj/submit/imagine", {}, { prompt: "a cat" });
    expect(missing.status).toBe(401);
    expect(missing.json.description).toMatch(/Missing API key/);
  });

  it("an image-task key opens no chat route: the gateway answers 401 in the caller's format", async () => {
    const response = await fetch(`${server.url}/v1/messages`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-api-key": imageKey,
        "anthropic-version": "2023-06-01",
      },
      body: JSON.stringify({
        model: "prompt-translator",
        max_tokens: 10,
        messages: [{ role: "user", content: "hi" }],
      }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ type: "error", error: { type: "authentication_error" } });
  });

  it("an image-task service without keys is open even behind a gateway that wants keys", async () => {
    const open = createImageTaskService({
      backends: {},
      accounts: [],
      blobs: createMemoryImageBlobStore(),
      publicBaseURL: "http://images.test",
    });
    const guarded = createGateway({
      auth: { keys: [gatewayKey] },
      providers: {},
      routes: [],
      mounts: { "/img": open, "/mj": open },
    });
    const listed = await guarded.fetch(
      new Request("http://images.test/img/task/list-by-condition", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ids: ["1"] }),
      }),
    );
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([]);
    const chat = await guarded.fetch(
      new Request("http://images.test/v1/responses", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "any", input: "hi" }),
      }),
    );
    expect(chat.status).toBe(401);
  });
});
