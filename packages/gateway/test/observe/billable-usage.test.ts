import { chatCompletionsCodec } from "@interlingua/chat-completions";
import {
  type AnyCodec,
  accumulate,
  type ChatResponse,
  createConversionContext,
  readableFrom,
  replayEvents,
  type Usage,
} from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGateway, type ExchangeEvent } from "../../src/index";
import { type NodeServer, serveNode } from "../../src/node";
import { frontClients } from "../reliability/front-client";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";
import { countsOf } from "./decode-answer";
import { registerInMemoryTelemetry } from "./in-memory-telemetry";

/**
 * Usage that can be billed on: for every front × backend pair (pass-through included), whole and
 * streamed, the tokens in the exchange event, on the span and in `gen_ai.client.token.usage` are
 * what the upstream reported, read by the backend codec's usage rules (cache reads and writes in
 * the input, reasoning in the output), and a count the upstream did not report stays absent:
 * never 0 in the event, no attribute on the span, no sample in the metric.
 */

const telemetry = registerInMemoryTelemetry();
const backends: AnyCodec[] = [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec];
const providerNames: Record<string, string> = {
  messages: "anthropic",
  responses: "openai",
  "generate-content": "gcp.gemini",
  "chat-completions": "openai",
};
const cases: { name: string; usage: Usage | undefined }[] = [
  {
    name: "cache and reasoning counts",
    usage: {
      inputTokens: 1250,
      cacheReadTokens: 1000,
      cacheWriteTokens: 200,
      outputTokens: 90,
      reasoningTokens: 40,
    },
  },
  { name: "input and output only", usage: { inputTokens: 17, outputTokens: 5 } },
  { name: "no usage at all", usage: undefined },
];

function answer(usage: Usage | undefined): ChatResponse {
  return {
    id: "resp_usage_1",
    model: "upstream-model",
    parts: [{ type: "text", text: "Counted." }],
    finishReason: { reason: "stop" },
    usage: usage ?? {},
    status: "completed",
  };
}

/** What the upstream reports, as the backend codec reads its own wire (the canonical usage rules). */
async function reportedUsage(backend: AnyCodec, response: ChatResponse, stream: boolean) {
  const context = createConversionContext();
  if (!stream)
    return countsOf(
      backend.decodeResponse(JSON.parse(JSON.stringify(backend.encodeResponse(response, context))), context)
        .usage,
    );
  const decoded = readableFrom(replayEvents(response))
    .pipeThrough(backend.createStreamEncoder(createConversionContext()))
    .pipeThrough(backend.createStreamDecoder(createConversionContext()));
  return countsOf((await accumulate(decoded)).usage);
}

const upstreams = new Map<string, ScriptedUpstream>();
const events: ExchangeEvent[] = [];
let server: NodeServer;
let current: Usage | undefined;

beforeAll(async () => {
  for (const codec of backends) {
    const upstream = await createScriptedUpstream(codec);
    upstream.answer(() => ({ response: answer(current) }));
    upstreams.set(codec.id, upstream);
  }
  const gateway = createGateway({
    providers: Object.fromEntries(
      backends.map((codec) => [
        codec.id,
        { type: codec.id as never, baseURL: upstreams.get(codec.id)!.url, apiKey: `key-${codec.id}` },
      ]),
    ),
    routes: backends.map((codec) => ({ model: `${codec.id}-model`, provider: codec.id })),
    observe: { hooks: [(event) => void events.push(event)] },
  });
  server = await serveNode(gateway);
});

afterAll(async () => {
  await server.close();
  for (const upstream of upstreams.values()) await upstream.close();
});

/** Sum and count of `gen_ai.client.token.usage` for one pair and token type, as collected now. */
async function tokenMetric(provider: string, front: string) {
  const points = await telemetry.histogram("gen_ai.client.token.usage");
  const of = (type: string) => {
    const matching = points.filter(
      (point) =>
        point.attributes["gen_ai.provider.name"] === provider &&
        point.attributes["interlingua.front.format"] === front &&
        point.attributes["gen_ai.token.type"] === type,
    );
    return {
      sum: matching.reduce((total, point) => total + (point.value.sum ?? 0), 0),
      count: matching.reduce((total, point) => total + point.value.count, 0),
    };
  };
  return { input: of("input"), output: of("output") };
}

for (const client of frontClients)
  for (const backend of backends)
    describe(`${client.name} front → ${backend.id} backend`, () => {
      for (const stream of client.whole ? [false, true] : [true])
        for (const { name, usage } of cases)
          it(`${stream ? "stream" : "whole"}, ${name}: event, span and metric carry the upstream's tokens`, async () => {
            current = usage;
            const expected = await reportedUsage(backend, answer(usage), stream);
            const provider = providerNames[backend.id]!;
            const before = await tokenMetric(provider, client.codec.id);
            const response = await fetch(
              client.request(server.url, "any-key", `${backend.id}-model`, stream),
            );
            expect(response.status).toBe(200);
            await response.text();
            const id = response.headers.get("x-interlingua-exchange-id");
            const event = await vi.waitFor(() => {
              const found = events.find((candidate) => candidate.id === id);
              expect(found).toBeDefined();
              return found!;
            });
            const span = telemetry
              .spans()
              .find((candidate) => candidate.attributes["interlingua.exchange.id"] === id);
            expect(event.usage).toEqual(expected);
            if (usage) expect(expected?.inputTokens).toBe(usage.inputTokens);
            if (usage) expect(expected?.outputTokens).toBe(usage.outputTokens);
            expect(span?.attributes).toBeDefined();
            const attributes = span!.attributes;
            expect(attributes["gen_ai.usage.input_tokens"]).toBe(expected?.inputTokens);
            expect(attributes["gen_ai.usage.output_tokens"]).toBe(expected?.outputTokens);
            expect(attributes["gen_ai.usage.cache_read.input_tokens"]).toBe(expected?.cacheReadTokens);
            expect(attributes["gen_ai.usage.cache_creation.input_tokens"]).toBe(expected?.cacheWriteTokens);
            expect(attributes["gen_ai.usage.reasoning.output_tokens"]).toBe(expected?.reasoningTokens);
            const after = await tokenMetric(provider, client.codec.id);
            expect(after.input.sum - before.input.sum).toBe(expected?.inputTokens ?? 0);
            expect(after.input.count - before.input.count).toBe(expected?.inputTokens === undefined ? 0 : 1);
            expect(after.output.sum - before.output.sum).toBe(expected?.outputTokens ?? 0);
            expect(after.output.count - before.output.count).toBe(
              expected?.outputTokens === undefined ? 0 : 1,
            );
          });
    });
