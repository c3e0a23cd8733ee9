import { chatCompletionsCodec } from "@interlingua/chat-completions";
import type { AnyCodec } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGateway, type ExchangeEvent } from "../../src/index";
import { type NodeServer, serveNode } from "../../src/node";
import {
  createFaultUpstream,
  type FaultUpstream,
  faultModel,
  streamOnlyFaults,
  upstreamFaults,
} from "../reliability/fault-upstream";
import { frontClients } from "../reliability/front-client";
import { textAnswer } from "../support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";
import { upstreamReportedUsage } from "./decode-answer";
import { registerInMemoryTelemetry } from "./in-memory-telemetry";

/**
 * OpenTelemetry with the SDK's in-memory exporters registered: one SERVER span per exchange with
 * the GenAI attributes, a CLIENT child span per upstream call, for every front × backend pair
 * whole and streamed and every fault; usage on spans and metrics equal to the upstream's; the
 * caller's `traceparent` continued upstream; content recorded only when asked, redacted.
 */

const telemetry = registerInMemoryTelemetry();
const backends: AnyCodec[] = [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec];
const callerKey = "otel-matrix-caller-key";
const providerNames: Record<string, string> = {
  messages: "anthropic",
  responses: "openai",
  "generate-content": "gcp.gemini",
  "chat-completions": "openai",
};
const upstreams = new Map<string, FaultUpstream>();
const events: ExchangeEvent[] = [];
let server: NodeServer;

beforeAll(async () => {
  for (const codec of backends) upstreams.set(codec.id, await createFaultUpstream(codec));
  const gateway = createGateway({
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

/** The exchange's event, its SERVER span and the CLIENT spans under it. */
async function traceOf(response: Response) {
  const id = response.headers.get("x-interlingua-exchange-id");
  return vi.waitFor(() => {
    const event = events.find((candidate) => candidate.id === id);
    const exchange = telemetry
      .spans()
      .filter((span) => span.attributes["interlingua.exchange.id"] === id && span.kind === SpanKind.SERVER);
    expect(event).toBeDefined();
    expect(exchange).toHaveLength(1);
    const span = exchange[0]!;
    const children = telemetry
      .spans()
      .filter((child) => child.parentSpanContext?.spanId === span.spanContext().spanId);
    return { event: event!, span, children };
  });
}

function expectUpstreamChild(span: ReadableSpan, children: ReadableSpan[], backend: AnyCodec, model: string) {
  expect(children).toHaveLength(1);
  const child = children[0]!;
  expect(child.kind).toBe(SpanKind.CLIENT);
  expect(child.spanContext().traceId).toBe(span.spanContext().traceId);
  expect(child.name).toBe(`chat ${model}`);
  expect(child.attributes).toMatchObject({
    "gen_ai.operation.name": "chat",
    "gen_ai.provider.name": providerNames[backend.id],
    "gen_ai.request.model": model,
    "server.address": "127.0.0.1",
    "server.port": Number(new URL(upstreams.get(backend.id)!.url).port),
  });
}

for (const client of frontClients)
  for (const backend of backends)
    describe(`${client.name} front → ${backend.id} backend`, () => {
      for (const stream of client.whole ? [false, true] : [true]) {
        const mode = stream ? "stream" : "whole";
        it(`${mode}: one GenAI span tree, usage equal to the upstream's`, async () => {
          const model = `${backend.id}-${faultModel(undefined)}`;
          const response = await fetch(client.request(server.url, callerKey, model, stream));
          await response.text();
          const { event, span, children } = await traceOf(response);
          expect(span.name).toBe(`chat ${model}`);
          const reported = await upstreamReportedUsage(backend, stream);
          expect(span.attributes).toMatchObject({
            "gen_ai.operation.name": "chat",
            "gen_ai.provider.name": providerNames[backend.id],
            "gen_ai.request.model": model,
            "gen_ai.response.model": "upstream-model",
            "gen_ai.response.id": event.responseId,
            "gen_ai.response.finish_reasons": ["stop"],
            "gen_ai.usage.input_tokens": reported?.inputTokens,
            "gen_ai.usage.output_tokens": reported?.outputTokens,
            "interlingua.front.format": client.codec.id,
            "interlingua.provider": backend.id,
            "interlingua.losses.count": event.losses.count,
            "interlingua.strict": false,
            "interlingua.stream": stream,
            "server.address": "127.0.0.1",
          });
          expect(span.attributes["gen_ai.request.max_tokens"]).toBe(
            client.codec.id === "messages" ? 64 : undefined,
          );
          expect(span.status.code).not.toBe(SpanStatusCode.ERROR);
          expect(span.attributes["error.type"]).toBeUndefined();
          expect(span.attributes["gen_ai.input.messages"]).toBeUndefined();
          expect(span.attributes["gen_ai.output.messages"]).toBeUndefined();
          expect(JSON.stringify(span.attributes)).not.toContain(callerKey);
          expectUpstreamChild(span, children, backend, "ok");
        });
        for (const fault of upstreamFaults) {
          if (!stream && streamOnlyFaults.has(fault)) continue;
          it(`${mode}: ${fault} sets error.type on the span as in the event`, async () => {
            const model = `${backend.id}-${faultModel(fault)}`;
            const response = await fetch(client.request(server.url, callerKey, model, stream));
            await response.text();
            const { event, span, children } = await traceOf(response);
            expect(event.error).toBeDefined();
            expect(span.attributes["error.type"]).toBe(event.error!.type);
            expect(span.attributes["http.response.status_code"]).toBe(response.status);
            expect(span.status.code).toBe(SpanStatusCode.ERROR);
            expectUpstreamChild(span, children, backend, faultModel(fault));
          });
        }
      }
    });

describe("metrics", () => {
  it("token usage and durations with low-cardinality attributes, usage summing to the upstream's", async () => {
    const before = (await telemetry.histogram("gen_ai.client.token.usage")).map((point) => ({
      attributes: point.attributes,
      sum: point.value.sum,
    }));
    const sumOf = (points: typeof before, type: string) =>
      points
        .filter(
          (point) =>
            point.attributes["gen_ai.token.type"] === type &&
            point.attributes["gen_ai.provider.name"] === "openai" &&
            point.attributes["interlingua.front.format"] === "messages",
        )
        .reduce((total, point) => total + (point.sum ?? 0), 0);
    const [messagesClient] = frontClients;
    for (const stream of [false, true]) {
      const response = await fetch(
        messagesClient!.request(server.url, callerKey, `responses-${faultModel(undefined)}`, stream),
      );
      await response.text();
      await traceOf(response);
    }
    const after = (await telemetry.histogram("gen_ai.client.token.usage")).map((point) => ({
      attributes: point.attributes,
      sum: point.value.sum,
    }));
    const whole = await upstreamReportedUsage(responsesCodec, false);
    const streamed = await upstreamReportedUsage(responsesCodec, true);
    expect(sumOf(after, "input") - sumOf(before, "input")).toBe(whole!.inputTokens! + streamed!.inputTokens!);
    expect(sumOf(after, "output") - sumOf(before, "output")).toBe(
      whole!.outputTokens! + streamed!.outputTokens!,
    );
    const allowed = new Set([
      "gen_ai.operation.name",
      "gen_ai.provider.name",
      "gen_ai.request.model",
      "gen_ai.response.model",
      "gen_ai.token.type",
      "server.address",
      "server.port",
      "interlingua.front.format",
      "error.type",
    ]);
    const durations = await telemetry.histogram("gen_ai.client.operation.duration");
    const firstChunks = await telemetry.histogram("gen_ai.client.operation.time_to_first_chunk");
    for (const point of [...after, ...durations, ...firstChunks])
      for (const key of Object.keys(point.attributes)) expect(allowed).toContain(key);
    expect(durations.some((point) => point.attributes["error.type"] === "timeout")).toBe(true);
    expect(firstChunks.every((point) => point.attributes["error.type"] === undefined)).toBe(true);
    expect(firstChunks.reduce((count, point) => count + point.value.count, 0)).toBeGreaterThan(0);
  });

  it("a model nobody serves adds no series naming it", async () => {
    const response = await fetch(
      frontClients[0]!.request(server.url, callerKey, "made-up-model-4711", false),
    );
    expect(response.status).toBe(404);
    await traceOf(response);
    const durations = await telemetry.histogram("gen_ai.client.operation.duration");
    expect(JSON.stringify(durations.map((point) => point.attributes))).not.toContain("made-up-model-4711");
  });
});

describe("trace context and content", () => {
  let upstream: ScriptedUpstream;
  beforeAll(async () => {
    upstream = await createScriptedUpstream(responsesCodec);
    upstream.answer(() => ({ response: textAnswer("Hello from upstream") }));
  });
  afterAll(() => upstream.close());

  const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
  const callerSpanId = "00f067aa0ba902b7";
  const request = (url: string) =>
    new Request(`${url}/v1/messages`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-api-key": "sk-caller-secret-123456",
        traceparent: `00-${traceId}-${callerSpanId}-01`,
      },
      body: JSON.stringify({
        model: "gpt-test",
        max_tokens: 32,
        temperature: 0.3,
        system: "Be brief.",
        messages: [{ role: "user", content: "My key is sk-caller-secret-123456, say hi" }],
      }),
    });

  for (const captureContent of [false, true])
    it(`continues the caller's trace upstream; content ${captureContent ? "recorded, redacted" : "never recorded"}`, async () => {
      const gateway = createGateway({
        auth: { keys: ["sk-caller-secret-123456"] },
        providers: { openai: { type: "responses", baseURL: upstream.url, apiKey: "sk-upstream-secret-999" } },
        routes: [{ model: "*", provider: "openai" }],
        observe: { openTelemetry: { captureContent } },
      });
      const response = await gateway.fetch(request("http://gateway.test"));
      expect(response.status).toBe(200);
      const id = response.headers.get("x-interlingua-exchange-id");
      const span = await vi.waitFor(() => {
        const found = telemetry
          .spans()
          .find((candidate) => candidate.attributes["interlingua.exchange.id"] === id);
        expect(found).toBeDefined();
        return found!;
      });
      expect(span.spanContext().traceId).toBe(traceId);
      expect(span.parentSpanContext?.spanId).toBe(callerSpanId);
      expect(span.attributes["gen_ai.request.temperature"]).toBe(0.3);
      const child = telemetry
        .spans()
        .find((candidate) => candidate.parentSpanContext?.spanId === span.spanContext().spanId);
      const sent = upstream.calls.at(-1)!.headers.get("traceparent");
      expect(sent).toBe(`00-${traceId}-${child!.spanContext().spanId}-01`);
      const content = [
        span.attributes["gen_ai.input.messages"],
        span.attributes["gen_ai.output.messages"],
        span.attributes["gen_ai.system_instructions"],
      ];
      if (!captureContent) {
        expect(content).toEqual([undefined, undefined, undefined]);
        return;
      }
      const [input, output, system] = content as string[];
      expect(JSON.parse(input!)).toEqual([
        { role: "user", parts: [{ type: "text", content: "My key is [redacted], say hi" }] },
      ]);
      expect(JSON.parse(output!)).toEqual([
        {
          role: "assistant",
          parts: [{ type: "text", content: "Hello from upstream" }],
          finish_reason: "stop",
        },
      ]);
      expect(JSON.parse(system!)).toEqual([{ type: "text", content: "Be brief." }]);
      expect(JSON.stringify(span.attributes)).not.toContain("sk-caller-secret-123456");
    });

  it("emits the v1.36 gen_ai.system beside gen_ai.provider.name unless OTEL_SEMCONV_STABILITY_OPT_IN opts into the latest", async () => {
    const spanFor = async (optIn: string | undefined) => {
      vi.stubEnv("OTEL_SEMCONV_STABILITY_OPT_IN", optIn);
      const gateway = createGateway({
        providers: { openai: { type: "responses", baseURL: upstream.url, apiKey: "sk-upstream-secret-999" } },
        routes: [{ model: "*", provider: "openai" }],
      });
      // Read on the first span, not when the gateway is built (a Worker has no environment then).
      const response = await gateway.fetch(request("http://gateway.test"));
      vi.unstubAllEnvs();
      const id = response.headers.get("x-interlingua-exchange-id");
      return vi.waitFor(() => {
        const found = telemetry
          .spans()
          .find((candidate) => candidate.attributes["interlingua.exchange.id"] === id);
        expect(found).toBeDefined();
        return found!;
      });
    };
    const legacy = await spanFor(undefined);
    expect(legacy.attributes).toMatchObject({ "gen_ai.provider.name": "openai", "gen_ai.system": "openai" });
    const latest = await spanFor("http,gen_ai_latest_experimental");
    expect(latest.attributes["gen_ai.provider.name"]).toBe("openai");
    expect(latest.attributes["gen_ai.system"]).toBeUndefined();
  });
});
