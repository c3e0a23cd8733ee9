import { type ChatEvent, type ChatProvider, replay } from "@interlingua/core";
import { afterEach, describe, expect, it } from "vitest";
import { createGateway, type GatewayConfig } from "../../src/index";
import { type NodeServer, serveNode } from "../../src/node/serve-node";
import { textAnswer } from "../support/scenario-answers";

/** A provider whose streams stay open until `finish` is called. */
function heldProvider() {
  const gates: (() => void)[] = [];
  const provider: ChatProvider = {
    id: "held",
    capabilities: { streaming: true },
    generate: async () => textAnswer("whole"),
    stream: async () => {
      const events: ChatEvent[] = [];
      for await (const event of replay(textAnswer("streamed"))) events.push(event);
      let sent = 0;
      return new ReadableStream<ChatEvent>({
        async pull(controller) {
          if (sent === events.length - 1) await new Promise<void>((resolve) => gates.push(resolve));
          if (sent < events.length) controller.enqueue(events[sent++]!);
          else controller.close();
        },
      });
    },
  };
  return {
    provider,
    finishAll: () => {
      for (const open of gates.splice(0)) open();
    },
  };
}

let server: NodeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(perKey: NonNullable<GatewayConfig["limits"]>["perKey"], provider: ChatProvider) {
  server = await serveNode(
    createGateway({
      auth: { keys: ["key-a", "key-b"] },
      providers: { held: provider },
      routes: [{ model: "*", provider: "held" }],
      limits: { perKey },
    }),
  );
  return server.url;
}

const messages = (url: string, key: string, stream = false) =>
  fetch(`${url}/v1/messages`, {
    method: "POST",
    headers: { "x-api-key": key, "anthropic-version": "2023-06-01", "content-type": "application/json" },
    body: JSON.stringify({ model: "m", max_tokens: 20, stream, messages: [{ role: "user", content: "hi" }] }),
  });
const responses = (url: string, key: string) =>
  fetch(`${url}/v1/responses`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "m", input: "hi" }),
  });
const generateContent = (url: string, key: string) =>
  fetch(`${url}/v1beta/models/m:generateContent`, {
    method: "POST",
    headers: { "x-goog-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hi" }] }] }),
  });

describe("per-key limits over HTTP", () => {
  it("answers a key past its rate with 429 and retry-after in each front's format; other keys go on", async () => {
    const url = await start({ requestsPerMinute: 3 }, heldProvider().provider);
    for (const call of [messages, responses, generateContent])
      expect((await call(url, "key-a")).status).toBe(200);

    const refusedMessages = await messages(url, "key-a");
    expect(refusedMessages.status).toBe(429);
    expect(Number(refusedMessages.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refusedMessages.json()).toMatchObject({
      type: "error",
      error: { type: "rate_limit_error" },
    });

    const refusedResponses = await responses(url, "key-a");
    expect(refusedResponses.status).toBe(429);
    expect(refusedResponses.headers.get("retry-after")).not.toBeNull();
    expect(await refusedResponses.json()).toMatchObject({
      error: { message: expect.stringContaining("3 requests") },
    });

    const refusedGenerate = await generateContent(url, "key-a");
    expect(refusedGenerate.status).toBe(429);
    expect(refusedGenerate.headers.get("retry-after")).not.toBeNull();
    expect(await refusedGenerate.json()).toMatchObject({
      error: { code: 429, status: "RESOURCE_EXHAUSTED" },
    });

    expect((await messages(url, "key-b")).status).toBe(200);
  });

  it("counts a stream as open until it ends, then admits the key again", async () => {
    const held = heldProvider();
    const url = await start({ maxConcurrent: 1 }, held.provider);
    const streaming = await messages(url, "key-a", true);
    expect(streaming.status).toBe(200);
    const refused = await messages(url, "key-a");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toMatchObject({ error: { type: "rate_limit_error" } });
    expect((await messages(url, "key-b")).status).toBe(200);
    held.finishAll();
    expect(await streaming.text()).toContain("message_stop");
    expect((await messages(url, "key-a")).status).toBe(200);
  });

  it("frees the slot of a stream the client abandons", async () => {
    const held = heldProvider();
    const url = await start({ maxConcurrent: 1 }, held.provider);
    const controller = new AbortController();
    const streaming = await fetch(`${url}/v1/messages`, {
      method: "POST",
      signal: controller.signal,
      headers: {
        "x-api-key": "key-a",
        "anthropic-version": "2023-06-01",
        "content-type": "application/json",
      },
      body: JSON.stringify({
        model: "m",
        max_tokens: 20,
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      }),
    });
    await streaming.body!.getReader().read();
    controller.abort();
    let status = 429;
    for (let attempt = 0; attempt < 50 && status === 429; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await messages(url, "key-a")).status;
    }
    expect(status).toBe(200);
    held.finishAll();
  });
});
