import {
  type ChatEvent,
  type ChatProvider,
  type ChatResponse,
  readableFrom,
  type Usage,
} from "@interlingua/core";
import { describe, expect, it, vi } from "vitest";
import { createGateway, type ExchangeEvent, type ExchangeHook } from "../../src/index";

/**
 * The `observe` hooks: isolated from the exchange (a hook that throws, rejects, never settles or
 * blocks is never felt by the caller, and its failures are counted), the custom-provider path and
 * mounts observed too, and usage that the upstream did not report left absent, never invented as 0.
 */

function answer(usage: Usage | undefined): ChatResponse {
  return {
    id: "resp_hooks_1",
    model: "custom-model",
    parts: [{ type: "text", text: "Hi there" }],
    finishReason: { reason: "stop" },
    usage: usage ?? {},
    status: "completed",
  };
}

function streamEvents(usage: Usage | undefined): ChatEvent[] {
  return [
    { type: "response-start", id: "resp_hooks_1", model: "custom-model" },
    { type: "part-start", index: 0, kind: "text" },
    { type: "text-delta", index: 0, text: "Hi there" },
    { type: "part-end", index: 0, part: { type: "text", text: "Hi there" } },
    { type: "response-end", finishReason: { reason: "stop" }, ...(usage ? { usage } : {}) },
  ];
}

/** A custom provider (no HTTP) answering with `usage`, whole or as a stream. */
function customProvider(usage: Usage | undefined): ChatProvider {
  return {
    id: "custom",
    capabilities: { streaming: true },
    generate: async () => answer(usage),
    stream: async () => readableFrom(streamEvents(usage)),
  };
}

const reportedUsage: Usage = { inputTokens: 7, outputTokens: 2 };

function gatewayWith(hooks: ExchangeHook[], usage: Usage | undefined = reportedUsage) {
  return createGateway({
    providers: { custom: customProvider(usage) },
    routes: [{ model: "*", provider: "custom" }],
    observe: { hooks },
    mounts: { "/img": { fetch: () => new Response("image-task says hi", { status: 202 }) } },
  });
}

const messagesRequest = (stream = false) =>
  new Request("http://gateway.test/v1/messages", {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "any" },
    body: JSON.stringify({
      model: "m",
      max_tokens: 16,
      stream,
      messages: [{ role: "user", content: "Hello" }],
    }),
  });

describe("hook isolation", () => {
  it("a hook that throws, one that rejects and one that never settles change nothing for the caller", async () => {
    const seen: ExchangeEvent[] = [];
    const gateway = gatewayWith([
      () => {
        throw new Error("hook bug");
      },
      async () => {
        throw new Error("async hook bug");
      },
      () => new Promise<void>(() => undefined),
      (event) => void seen.push(event),
    ]);
    const plain = await gatewayWith([]).fetch(messagesRequest());
    const response = await gateway.fetch(messagesRequest());
    expect(response.status).toBe(200);
    const body = (await response.json()) as { content: unknown; usage: unknown };
    const expected = (await plain.json()) as { content: unknown; usage: unknown };
    expect(body.content).toEqual(expected.content);
    expect(body.usage).toEqual(expected.usage);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await vi.waitFor(() => expect(gateway.hookFailures).toBe(2));
  });

  it("hooks run after the answer is handed over, so a blocking hook does not delay it", async () => {
    let answered = false;
    let hookSawAnswered: boolean | undefined;
    const gateway = gatewayWith([
      () => {
        hookSawAnswered = answered;
        const until = Date.now() + 100;
        while (Date.now() < until);
      },
    ]);
    const response = await gateway.fetch(messagesRequest());
    answered = true;
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(hookSawAnswered).toBe(true));
  });

  it("a stream's event comes once the caller has read it to the end", async () => {
    const seen: ExchangeEvent[] = [];
    const gateway = gatewayWith([(event) => void seen.push(event)]);
    const response = await gateway.fetch(messagesRequest(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toHaveLength(0);
    const body = await response.text();
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({
      id: response.headers.get("x-interlingua-exchange-id"),
      tenant: "",
      stream: true,
      backend: { provider: "custom" },
      usage: { inputTokens: 7, outputTokens: 2 },
      bytes: { out: new TextEncoder().encode(body).byteLength },
      upstreamCalls: 0,
    });
    expect(seen[0]!.timings.upstreamSentMs).toBeGreaterThanOrEqual(0);
  });
});

describe("usage that was not reported", () => {
  for (const stream of [false, true])
    it(`stays absent, never 0 (${stream ? "stream" : "whole"})`, async () => {
      const seen: ExchangeEvent[] = [];
      const gateway = createGateway({
        providers: { custom: customProvider(undefined) },
        routes: [{ model: "*", provider: "custom" }],
        observe: { hooks: [(event) => void seen.push(event)] },
      });
      const response = await gateway.fetch(messagesRequest(stream));
      expect(response.status).toBe(200);
      await response.text();
      await vi.waitFor(() => expect(seen).toHaveLength(1));
      expect(seen[0]!.error).toBeUndefined();
      expect(seen[0]!.usage).toBeUndefined();
    });

  it("a count reported alone is the only count", async () => {
    const seen: ExchangeEvent[] = [];
    const gateway = gatewayWith([(event) => void seen.push(event)], { outputTokens: 4 });
    await (await gateway.fetch(messagesRequest(true))).text();
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.usage).toEqual({ outputTokens: 4 });
  });
});

describe("mounts", () => {
  it("a request answered by a mount (the image-task service) is an event too", async () => {
    const seen: ExchangeEvent[] = [];
    const gateway = gatewayWith([(event) => void seen.push(event)]);
    const response = await gateway.fetch(
      new Request("http://gateway.test/img/tasks", { method: "POST", body: "{}" }),
    );
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("image-task says hi");
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({
      id: response.headers.get("x-interlingua-exchange-id"),
      kind: "mount",
      front: "/img",
      path: "/img/tasks",
      status: 202,
      bytes: { out: 18 },
    });
    expect(seen[0]!.error).toBeUndefined();
  });
});

describe("strict mode after the first byte", () => {
  it("a loss found mid-stream is a strict refusal, with the 200 the caller already got", async () => {
    const seen: ExchangeEvent[] = [];
    const summary: ChatEvent[] = [
      { type: "response-start", id: "resp_summary", model: "custom-model" },
      { type: "part-start", index: 0, kind: "reasoning" },
      { type: "reasoning-delta", index: 0, text: "A summary.", summaryIndex: 0 },
      { type: "part-end", index: 0, part: { type: "reasoning", summary: ["A summary."] } },
      { type: "response-end", finishReason: { reason: "stop" }, usage: { inputTokens: 1, outputTokens: 1 } },
    ];
    const gateway = createGateway({
      providers: {
        custom: {
          id: "custom",
          capabilities: { streaming: true },
          generate: async () => answer(undefined),
          stream: async () => readableFrom(summary),
        },
      },
      routes: [{ model: "*", provider: "custom" }],
      observe: { hooks: [(event) => void seen.push(event)] },
    });
    const request = messagesRequest(true);
    request.headers.set("x-interlingua-strict", "1");
    const response = await gateway.fetch(request);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Strict conversion");
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({
      status: 200,
      strict: true,
      error: { type: "strict_refusal", code: "conversion_loss" },
    });
  });
});
