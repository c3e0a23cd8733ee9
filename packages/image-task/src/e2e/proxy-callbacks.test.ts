import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProxyImageProvider } from "../backends/create-proxy-image-provider";
import { createImageTaskService, type ImageTaskService } from "../http/create-image-task-service";
import { createMemoryImageBlobStore } from "../stores/memory-image-blob-store";
import type { ImageTaskRecord } from "../wire/image-task-record";
import { startNotifyReceiver, startProxyUpstream } from "./local-upstreams";

/**
 * The proxy backend following its upstream through the upstream's own callbacks: the poll interval
 * is a minute, so a task can only finish within the test's few seconds when the callbacks work.
 */

let upstream: Awaited<ReturnType<typeof startProxyUpstream>>;
let receiver: Awaited<ReturnType<typeof startNotifyReceiver>>;
let server: LocalServer;
let service: ImageTaskService;
let callbackURL: string;

beforeAll(async () => {
  upstream = await startProxyUpstream("upstream-secret");
  receiver = await startNotifyReceiver();
  server = await serveFetch((request) => service.fetch(request));
  callbackURL = `${server.url}/mj/callback/proxy`;
  service = createImageTaskService({
    auth: { keys: ["sk-test"] },
    backends: {
      proxy: createProxyImageProvider({
        baseURL: upstream.url,
        apiSecret: "upstream-secret",
        callbackURL,
        pollIntervalMs: 60_000,
      }),
    },
    accounts: [{ instanceId: "p1", channelId: "c", backend: "proxy" }],
    blobs: createMemoryImageBlobStore(),
    notify: { allowPrivateAddresses: true },
    publicBaseURL: server.url,
  });
});
afterAll(async () => {
  await server.close();
  await upstream.close();
  await receiver.close();
});

async function call(
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
): Promise<{ status: number; json: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: "Bearer sk-test", "content-type": "application/json" },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === "" ? undefined : JSON.parse(text) };
}

async function finished(id: string): Promise<ImageTaskRecord> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const { json } = await call("GET", `/img/task/${id}/fetch`);
    if (["SUCCESS", "FAILURE", "CANCEL"].includes(json.status)) return json;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`task ${id} did not finish`);
}

describe("proxy backend with upstream callbacks", () => {
  it("imagine, upscale and a custom-zoom modal finish through the upstream's callbacks", async () => {
    const submitted = await call("POST", "/img/submit/imagine", {
      prompt: "a lighthouse",
      notifyHook: `${receiver.url}/ours`,
    });
    expect(submitted.json.code).toBe(1);
    const grid = await finished(submitted.json.result);
    expect(grid.status).toBe("SUCCESS");
    const sent = upstream.requests.find((request) => request.path === "/mj/submit/imagine");
    expect(sent).toMatchObject({ notifyHook: callbackURL });
    const upstreamId = [...upstream.tasks.values()].find((task) => task.action === "IMAGINE")!.id;
    expect(upstream.callbacks.filter((id) => id === upstreamId)).toHaveLength(2);
    await service.idle();
    const ours = receiver.deliveries.map((delivery) => JSON.parse(delivery.body) as ImageTaskRecord);
    expect(ours.map((record) => record.progress)).toContain("50%");
    expect(ours.at(-1)).toMatchObject({ status: "SUCCESS", progress: "100%" });

    const upscale = await call("POST", "/img/submit/action", {
      taskId: grid.id,
      customId: grid.buttons.find((button) => button.label === "U1")!.customId,
    });
    const single = await finished(upscale.json.result);
    expect(single.status).toBe("SUCCESS");

    const zoom = await call("POST", "/img/submit/action", {
      taskId: single.id,
      customId: single.buttons.find((button) => button.label === "Custom Zoom")!.customId,
    });
    expect(zoom.json.code).toBe(21);
    await call("POST", "/img/submit/modal", { taskId: zoom.json.result, prompt: "sea --zoom 1.3" });
    expect(await finished(zoom.json.result)).toMatchObject({ status: "SUCCESS", action: "ZOOM" });
  });

  it("a callback only wakes the follower: forged records change nothing; bad ones are refused", async () => {
    const submitted = await call("POST", "/img/submit/imagine", { prompt: "a harbour" });
    const forged = await fetch(callbackURL, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        id: "9000000000000999",
        status: "SUCCESS",
        imageUrl: "http://169.254.169.254/",
      }),
    });
    expect(forged.status).toBe(204);
    const task = await finished(submitted.json.result);
    expect(task.imageUrl!.startsWith(`${server.url}/img/image/`)).toBe(true);
    const bad = await fetch(callbackURL, { method: "POST", body: "{not json" });
    expect(bad.status).toBe(400);
    const unknown = await fetch(`${server.url}/mj/callback/nobody`, { method: "POST", body: "{}" });
    expect(unknown.status).toBe(404);
  });
});
