import { createHash } from "node:crypto";
import { chatCompletionsCodec } from "@interlingua/chat-completions";
import type { AnyCodec } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGateway, type ExchangeEvent, type Gateway } from "../../src/index";
import { type NodeServer, serveNode } from "../../src/node";
import {
  createFaultUpstream,
  type FaultUpstream,
  faultModel,
  streamOnlyFaults,
  type UpstreamFault,
  upstreamFaults,
} from "../reliability/fault-upstream";
import { frontClients, readOutcome } from "../reliability/front-client";
import { countsOf, decodeClientAnswer, upstreamReportedUsage } from "./decode-answer";

/**
 * The exchange event of every front × backend pair (pass-through included), whole and streamed,
 * for a proper answer and for every fault the fault upstream can make: one event per exchange,
 * with the exchange id the caller got, the tenant as a digest (never the key), the HTTP status the
 * caller saw, the failure classified, and the usage equal to what the upstream reported (mapped by
 * the canonical rules) and to what the caller's own client reads from the answer.
 */

const backends: AnyCodec[] = [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec];
const callerKey = "observe-matrix-caller-key";
const tenant = `key-sha256:${createHash("sha256").update(callerKey).digest("hex")}`;
const upstreams = new Map<string, FaultUpstream>();
const events: ExchangeEvent[] = [];
let gateway: Gateway;
let server: NodeServer;

beforeAll(async () => {
  for (const codec of backends) upstreams.set(codec.id, await createFaultUpstream(codec));
  gateway = createGateway({
    auth: { keys: [callerKey] },
    providers: Object.fromEntries(
      backends.map((codec) => [
        codec.id,
        {
          type: codec.id as never,
          baseURL: upstreams.get(codec.id)!.url,
          apiKey: `upstream-key-${codec.id}`,
        },
      ]),
    ),
    routes: backends.flatMap((codec) =>
      [undefined, ...upstreamFaults].map((fault) => ({
        model: `${codec.id}-${faultModel(fault)}`,
        provider: codec.id,
        upstreamModel: faultModel(fault),
      })),
    ),
    timeouts: { firstByteMs: 400, idleMs: 400 },
    observe: { hooks: [(event) => void events.push(event)] },
  });
  server = await serveNode(gateway);
});

afterAll(async () => {
  await server.close();
  for (const upstream of upstreams.values()) await upstream.close();
});

/** The event of the exchange answered with `response` (hooks run after the answer, so it is waited for). */
async function eventOf(response: Response): Promise<ExchangeEvent> {
  const id = response.headers.get("x-interlingua-exchange-id");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return vi.waitFor(() => {
    const matching = events.filter((event) => event.id === id);
    expect(matching).toHaveLength(1);
    return matching[0]!;
  });
}

function expectedErrorType(fault: UpstreamFault): string {
  return fault.startsWith("stall") ? "timeout" : "upstream_error";
}

const upstreamStatusOf: Partial<Record<UpstreamFault, number>> = {
  "429": 429,
  "500": 500,
  "401": 401,
  "HTML error page": 502,
};

for (const client of frontClients)
  for (const backend of backends) {
    const passThrough = client.codec.id === backend.id && client.framing === "sse";
    describe(`${client.name} front → ${backend.id} backend${passThrough ? " (pass-through)" : ""}`, () => {
      for (const stream of client.whole ? [false, true] : [true]) {
        const mode = stream ? "stream" : "whole";
        it(`${mode}: a proper answer is one event with every field, usage as the upstream reported it`, async () => {
          const model = `${backend.id}-${faultModel(undefined)}`;
          const request = client.request(server.url, callerKey, model, stream);
          const bytesIn = new TextEncoder().encode(await request.clone().text()).byteLength;
          const response = await fetch(request);
          const body = await response.clone().text();
          expect(await readOutcome(client, response, stream)).toMatchObject({ type: "success" });
          const event = await eventOf(response);
          expect(event).toMatchObject({
            kind: "chat",
            tenant,
            front: client.codec.id,
            path: new URL(request.url).pathname,
            method: "POST",
            backend: { provider: backend.id, format: backend.id },
            requestModel: model,
            upstreamModel: "ok",
            responseModel: "upstream-model",
            finishReason: "stop",
            stream,
            passThrough,
            strict: false,
            status: 200,
            losses: { count: Number(response.headers.get("x-interlingua-losses")) },
            bytes: { in: bytesIn, out: new TextEncoder().encode(body).byteLength },
            upstreamCalls: 1,
          });
          expect(event.error).toBeUndefined();
          expect(event.losses.list).toHaveLength(event.losses.count);
          // Billing: the tokens the upstream reported, by the canonical rules, and what the client reads.
          const reported = await upstreamReportedUsage(backend, stream);
          expect(reported?.inputTokens).toBe(3);
          expect(event.usage).toEqual(reported);
          const seen = countsOf((await decodeClientAnswer(client, body, stream)).usage);
          expect(seen?.inputTokens).toBe(event.usage?.inputTokens);
          expect(seen?.outputTokens).toBe(event.usage?.outputTokens);
          const { timings } = event;
          expect(timings.receivedAt).toBeGreaterThan(Date.now() - 60_000);
          expect(timings.upstreamSentMs).toBeGreaterThanOrEqual(0);
          expect(timings.upstreamFirstByteMs).toBeGreaterThanOrEqual(timings.upstreamSentMs!);
          expect(timings.clientFirstByteMs).toBeGreaterThanOrEqual(timings.upstreamFirstByteMs!);
          expect(timings.endMs).toBeGreaterThanOrEqual(timings.clientFirstByteMs!);
          expect(JSON.stringify(event)).not.toContain(callerKey);
          expect(JSON.stringify(event)).not.toContain("upstream-key-");
        });
        for (const fault of upstreamFaults) {
          if (!stream && streamOnlyFaults.has(fault)) continue;
          it(`${mode}: ${fault} is one event with the caller's status and the failure classified`, async () => {
            const model = `${backend.id}-${faultModel(fault)}`;
            const response = await fetch(client.request(server.url, callerKey, model, stream));
            const body = await response.text();
            const event = await eventOf(response);
            expect(event).toMatchObject({
              tenant,
              status: response.status,
              bytes: { out: new TextEncoder().encode(body).byteLength },
              backend: { provider: backend.id },
              upstreamCalls: 1,
              error: { type: expectedErrorType(fault) },
            });
            const upstreamStatus = upstreamStatusOf[fault];
            if (upstreamStatus !== undefined) expect(event.error?.upstreamStatus).toBe(upstreamStatus);
            else expect(event.error?.upstreamStatus).toBeUndefined();
            expect(event.timings.endMs).toBeGreaterThanOrEqual(event.timings.upstreamSentMs!);
          });
        }
      }
    });
  }

describe("failures before any upstream call", () => {
  const [messagesClient] = frontClients;
  it("a body that is not JSON is a client error, with the tenant and no upstream call", async () => {
    const response = await fetch(`${server.url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": callerKey },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    const event = await eventOf(response);
    expect(event).toMatchObject({
      tenant,
      status: 400,
      upstreamCalls: 0,
      bytes: { in: 9 },
      error: { type: "client_error", kind: "invalid_request", code: "invalid_json" },
    });
    expect(event.timings.upstreamSentMs).toBeUndefined();
    expect(event.backend).toBeUndefined();
    expect(event.usage).toBeUndefined();
  });

  it("an unknown model is a client error naming the model asked for", async () => {
    const response = await fetch(messagesClient!.request(server.url, callerKey, "nobody-serves-this", false));
    expect(response.status).toBe(404);
    expect(await eventOf(response)).toMatchObject({
      requestModel: "nobody-serves-this",
      error: { type: "client_error", code: "model_not_found" },
    });
  });

  it("a key that is refused is a client error without a tenant, and the key is nowhere", async () => {
    const response = await fetch(messagesClient!.request(server.url, "sk-not-a-key-of-ours", "x", false));
    expect(response.status).toBe(401);
    const event = await eventOf(response);
    expect(event).toMatchObject({ status: 401, error: { type: "client_error", kind: "authentication" } });
    expect(event.tenant).toBeUndefined();
    expect(JSON.stringify(event)).not.toContain("sk-not-a-key-of-ours");
  });

  it("a strict request that would lose something is a strict refusal, with the loss's path", async () => {
    const response = await fetch(`${server.url}/v1/messages`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-api-key": callerKey,
        "x-interlingua-strict": "1",
      },
      body: JSON.stringify({
        model: `responses-${faultModel(undefined)}`,
        max_tokens: 16,
        top_k: 5,
        messages: [{ role: "user", content: "Hello" }],
      }),
    });
    expect(response.status).toBe(400);
    expect(await eventOf(response)).toMatchObject({
      strict: true,
      upstreamCalls: 0,
      error: { type: "strict_refusal", code: "conversion_loss", message: expect.stringContaining("/top_k") },
    });
  });
});

describe("a caller that goes away", () => {
  it("ends a whole answer's event as a client disconnect", async () => {
    const controller = new AbortController();
    const model = `responses-${faultModel("stall before headers")}`;
    const request = frontClients[0]!.request(server.url, callerKey, model, false);
    const before = events.length;
    const pending = fetch(request, { signal: controller.signal }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    await pending;
    const event = await vi.waitFor(() => {
      const found = events.slice(before).find((candidate) => candidate.requestModel === model);
      expect(found).toBeDefined();
      return found!;
    });
    expect(event).toMatchObject({ stream: false, error: { type: "client_disconnect" } });
  });

  for (const [name, backend] of [
    ["converted", responsesCodec],
    ["passed through", messagesCodec],
  ] as const)
    it(`ends a ${name} stream's event as a client disconnect`, async () => {
      const controller = new AbortController();
      const model = `${backend.id}-${faultModel("stall mid-body")}`;
      const request = frontClients[0]!.request(server.url, callerKey, model, true);
      const response = await fetch(request, { signal: controller.signal });
      const reader = response.body!.getReader();
      await reader.read();
      controller.abort();
      await reader.closed.catch(() => undefined);
      const event = await eventOf(response);
      expect(event).toMatchObject({ status: 200, stream: true, error: { type: "client_disconnect" } });
      expect(event.bytes.out).toBeGreaterThan(0);
    });
});
