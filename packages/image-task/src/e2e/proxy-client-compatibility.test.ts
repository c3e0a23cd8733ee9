import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { createGenerateContentProvider } from "@interlingua/generate-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenerateContentImageProvider } from "../backends/create-generate-content-image-provider";
import { createProxyImageProvider } from "../backends/create-proxy-image-provider";
import { createImageTaskService, type ImageTaskService } from "../http/create-image-task-service";
import { createMemoryImageBlobStore } from "../stores/memory-image-blob-store";
import type { ImageTaskRecord } from "../wire/image-task-record";
import {
  palette,
  type RecordingUpstream,
  startGenerateContentUpstream,
  startProxyUpstream,
} from "./local-upstreams";
import { dataUrl, solidImage } from "./test-images";

/**
 * A client written for the open-source proxies: only `/mj/` paths, the `mj-api-secret` header,
 * `MJ::` customIds and `MID_JOURNEY` / `NIJI_JOURNEY` bot types, against the service mounted the
 * way the gateway mounts it (the request passed on unchanged for `/img/` and `/mj/`), here with a
 * public base URL that has a path of its own.
 */

let geminiUpstream: RecordingUpstream;
let proxyUpstream: Awaited<ReturnType<typeof startProxyUpstream>>;
let gateway: LocalServer;
let service: ImageTaskService;
let publicBaseURL: string;

beforeAll(async () => {
  geminiUpstream = await startGenerateContentUpstream();
  proxyUpstream = await startProxyUpstream("upstream-secret");
  gateway = await serveFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (/^(?:\/images)?\/(?:img|mj)\//.test(path)) return service.fetch(request);
    return Response.json({ error: "not the image-task interface" }, { status: 404 });
  });
  publicBaseURL = `${gateway.url}/images`;
  service = createImageTaskService({
    auth: { keys: ["sk-proxy-client"] },
    backends: {
      gemini: createGenerateContentImageProvider({
        provider: createGenerateContentProvider({ baseURL: geminiUpstream.url, apiKey: "local" }),
        model: "gemini-image",
      }),
      proxy: createProxyImageProvider({
        baseURL: proxyUpstream.url,
        apiSecret: "upstream-secret",
        pollIntervalMs: 5,
      }),
    },
    accounts: [
      { instanceId: "g1", channelId: "c1", backend: "gemini", remark: "gemini" },
      { instanceId: "p1", channelId: "c2", backend: "proxy", remark: "upstream" },
    ],
    blobs: createMemoryImageBlobStore(),
    publicBaseURL,
  });
});
afterAll(async () => {
  await gateway.close();
  await geminiUpstream.close();
  await proxyUpstream.close();
});

const gemini = { accountFilter: { remark: "gemini" } };

async function mj(
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
): Promise<{ status: number; json: any }> {
  const response = await fetch(`${gateway.url}/mj/${path}`, {
    method,
    headers: { "mj-api-secret": "sk-proxy-client", "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: await response.json() };
}

async function finished(id: string): Promise<ImageTaskRecord> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const { json } = await mj("GET", `task/${id}/fetch`);
    if (["SUCCESS", "FAILURE", "CANCEL"].includes(json.status)) return json;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`task ${id} did not finish`);
}

const buttonOf = (task: ImageTaskRecord, pattern: RegExp) =>
  task.buttons.find((button) => pattern.test(button.customId))!.customId;

describe("a proxy client on /mj/ works unchanged through all ten endpoints", () => {
  let grid: ImageTaskRecord;
  let single: ImageTaskRecord;

  it("imagine with MID_JOURNEY: MJ:: buttons, epoch-ms timestamps, image served under publicBaseURL", async () => {
    const before = Date.now();
    const submitted = await mj("POST", "submit/imagine", {
      prompt: "a lighthouse",
      botType: "MID_JOURNEY",
      state: "client-42",
      ...gemini,
    });
    expect(submitted).toMatchObject({ status: 200, json: { code: 1, result: expect.any(String) } });
    grid = await finished(submitted.json.result);
    const after = Date.now();
    expect(grid).toMatchObject({
      status: "SUCCESS",
      action: "IMAGINE",
      progress: "100%",
      state: "client-42",
      failReason: null,
      properties: { botType: "MID_JOURNEY" },
    });
    for (const time of [grid.submitTime, grid.startTime!, grid.finishTime!]) {
      expect(Number.isInteger(time)).toBe(true);
      expect(time).toBeGreaterThanOrEqual(before);
      expect(time).toBeLessThanOrEqual(after);
    }
    expect(grid.submitTime).toBeLessThanOrEqual(grid.startTime!);
    expect(grid.startTime).toBeLessThanOrEqual(grid.finishTime!);
    expect(grid.buttons.map((button) => button.customId.split("::").slice(0, 3).join("::"))).toEqual([
      "MJ::JOB::upsample",
      "MJ::JOB::upsample",
      "MJ::JOB::upsample",
      "MJ::JOB::upsample",
      "MJ::JOB::reroll",
      "MJ::JOB::variation",
      "MJ::JOB::variation",
      "MJ::JOB::variation",
      "MJ::JOB::variation",
    ]);
    expect(grid.imageUrl!.startsWith(`${publicBaseURL}/mj/image/`)).toBe(true);
    // Images are served without a key, so their URLs cannot be derived from the task id.
    expect(grid.imageUrl).toMatch(new RegExp(`/mj/image/${grid.id}-[0-9a-f]{32}$`));
    expect((await fetch(`${publicBaseURL}/mj/image/${grid.id}`)).status).toBe(404);
    const image = await fetch(grid.imageUrl!);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
    // The same task read through the seed's spelling and a Bearer key.
    const viaImg = await fetch(`${gateway.url}/img/task/${grid.id}/fetch`, {
      headers: { authorization: "Bearer sk-proxy-client" },
    });
    expect(((await viaImg.json()) as ImageTaskRecord).id).toBe(grid.id);
  });

  it("action with an MJ:: customId upscales; vary region goes through MODAL and submit/modal", async () => {
    const upscale = await mj("POST", "submit/action", {
      taskId: grid.id,
      customId: buttonOf(grid, /^MJ::JOB::upsample::3::/),
    });
    expect(upscale.json.code).toBe(1);
    single = await finished(upscale.json.result);
    expect(single).toMatchObject({ status: "SUCCESS", action: "UPSCALE" });
    expect(single.buttons.every((button) => button.customId.startsWith("MJ::"))).toBe(true);

    const region = await mj("POST", "submit/action", {
      taskId: single.id,
      customId: buttonOf(single, /^MJ::Inpaint::/),
    });
    expect(region.json).toMatchObject({ code: 21, result: expect.any(String) });
    expect((await mj("GET", `task/${region.json.result}/fetch`)).json.status).toBe("MODAL");
    const mask = await solidImage({ r: 255, g: 255, b: 255 }, "png", { width: 16, height: 16 });
    const confirmed = await mj("POST", "submit/modal", {
      taskId: region.json.result,
      prompt: "a red door",
      maskBase64: dataUrl(mask),
    });
    expect(confirmed.json).toMatchObject({ code: 1, result: region.json.result });
    expect(await finished(region.json.result)).toMatchObject({ status: "SUCCESS", promptEn: "a red door" });
  });

  it("blend with NIJI_JOURNEY, describe, and face swap under both of its paths", async () => {
    const images = await Promise.all(palette.slice(0, 2).map((colour) => solidImage(colour)));
    const blend = await mj("POST", "submit/blend", {
      base64Array: images.map((image) => dataUrl(image)),
      dimensions: "LANDSCAPE",
      botType: "NIJI_JOURNEY",
      ...gemini,
    });
    expect(await finished(blend.json.result)).toMatchObject({
      status: "SUCCESS",
      action: "BLEND",
      properties: { botType: "NIJI_JOURNEY", dimensions: "LANDSCAPE" },
    });
    const describe = await mj("POST", "submit/describe", { base64: dataUrl(images[0]!), ...gemini });
    const described = await finished(describe.json.result);
    expect(described).toMatchObject({ status: "SUCCESS", action: "DESCRIBE" });
    expect(described.properties.prompts).toHaveLength(4);
    for (const path of ["insight-face/swap", "face/swap"]) {
      const swap = await mj("POST", path, {
        sourceBase64: dataUrl(images[0]!),
        targetBase64: dataUrl(images[1]!),
        ...gemini,
      });
      expect(swap.json.code, path).toBe(1);
      expect(await finished(swap.json.result)).toMatchObject({ status: "SUCCESS", action: "SWAP_FACE" });
    }
  });

  it("upload answers URLs the gateway serves; list-by-condition keeps order; image-seed comes from the upstream", async () => {
    const png = await solidImage({ r: 3, g: 4, b: 5 });
    const upload = await mj("POST", "submit/upload-platform-images", {
      base64Array: [dataUrl(png)],
      filter: { remark: "gemini" },
    });
    expect(upload.json).toMatchObject({ code: 1, result: [expect.any(String)] });
    expect(upload.json.result[0].startsWith(`${publicBaseURL}/mj/image/upload-`)).toBe(true);
    expect(new Uint8Array(await (await fetch(upload.json.result[0])).arrayBuffer())).toEqual(png.data);

    const listed = await mj("POST", "task/list-by-condition", { ids: [single.id, "missing", grid.id] });
    expect(listed.json.map((task: ImageTaskRecord) => task.id)).toEqual([single.id, grid.id]);

    const upstreamTask = await mj("POST", "submit/imagine", {
      prompt: "a ship",
      accountFilter: { remark: "upstream" },
    });
    const done = await finished(upstreamTask.json.result);
    expect(done.status).toBe("SUCCESS");
    const seed = await mj("GET", `task/${done.id}/image-seed`);
    expect(seed).toMatchObject({ status: 200, json: { code: 1, result: expect.stringMatching(/^\d+$/) } });
    expect((await mj("GET", "task/missing/image-seed")).status).toBe(404);
  });

  it("paths outside the interface are left to the gateway; a wrong method is 405", async () => {
    expect((await fetch(`${gateway.url}/v1/messages`)).status).toBe(404);
    const wrongMethod = await mj("GET", "submit/imagine");
    expect(wrongMethod).toMatchObject({ status: 405, json: { code: 21, result: null } });
    const unknown = await mj("GET", "task/x/nothing");
    expect(unknown).toMatchObject({ status: 404, json: { code: 21 } });
  });
});
