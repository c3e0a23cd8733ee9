import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createChatCompletionsCodec } from "@interlingua/chat-completions";
import {
  type AnyCodec,
  CanonicalError,
  type ChatEvent,
  type ChatRequest,
  type ChatResponse,
  createConversionContext,
  type Part,
} from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConversionReport, createGateway, type Gateway } from "../../src/index";
import { type NodeServer, serveNode } from "../../src/node";
import { backendRules } from "../legality/backend-validator";
import { runtimeSectionMarker } from "../runtimes/runtime-table";
import {
  failingStreamEvents,
  parallelToolCallAnswer,
  reasoningAnswer,
  textAnswer,
} from "../support/scenario-answers";
import {
  createScriptedUpstream,
  type ScriptedUpstream,
  type UpstreamAnswer,
  type UpstreamCall,
} from "../support/scripted-upstream";
import { type ClientLine, type ClientTarget, clientLines } from "./client-lines";
import { type CellResult, renderCompatibility } from "./render-compatibility";

/** The chat-completions backend speaks OpenRouter's dialect, whose reasoning_details carry reasoning state. */
const chatCompletionsDialect = "openrouter";
const backends: AnyCodec[] = [
  messagesCodec,
  generateContentCodec,
  responsesCodec,
  createChatCompletionsCodec({ dialect: chatCompletionsDialect }),
  interactionsCodec,
];
/** Where the agent CLIs' section of docs/compatibility.md starts (written by packages/agents-e2e). */
const agentsSectionHeading = "## Agent CLIs";
const transports = ["in-process", "node"] as const;
const apiKey = "matrix-caller-key";
const pngBase64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const placeSchema = {
  type: "object",
  properties: { place: { $ref: "#/$defs/Place" }, note: { type: ["string", "null"] } },
  required: ["place", "note"],
  additionalProperties: false,
  $defs: {
    Place: {
      type: "object",
      properties: { name: { type: "string" } },
      required: ["name"],
      additionalProperties: false,
    },
  },
};

/**
 * The model name a caller asks for to reach `backend`: a gpt-5 name (a reasoning model to every
 * front's rules), never `gpt-5-chat…`, which names the gpt-5 models that do not reason.
 */
const modelFor = (backend: string) => `gpt-5-${backend === "chat-completions" ? "compatible" : backend}`;

const upstreams = new Map<string, ScriptedUpstream>();
const reports: ConversionReport[] = [];
const results: CellResult[] = [];
let gateway: Gateway;
let server: NodeServer;

beforeAll(async () => {
  for (const codec of backends) upstreams.set(codec.id, await createScriptedUpstream(codec));
  gateway = createGateway({
    auth: { keys: [apiKey] },
    secret: "matrix-sealing-secret-0123456789",
    providers: Object.fromEntries(
      backends.map((codec) => [
        codec.id,
        {
          type: codec.id as never,
          baseURL: upstreams.get(codec.id)!.url,
          apiKey: `upstream-${codec.id}`,
          ...(codec.id === "chat-completions" ? { dialect: chatCompletionsDialect } : {}),
        },
      ]),
    ),
    routes: backends.map((codec) => ({
      model: modelFor(codec.id),
      provider: codec.id,
      upstreamModel: "upstream-model",
    })),
    onConversion: (report) => reports.push(report),
  });
  server = await serveNode(gateway);
});

afterAll(async () => {
  await server.close();
  for (const upstream of upstreams.values()) await upstream.close();
  const document = renderCompatibility(
    results,
    scenarios.map((scenario) => scenario.name),
    clientLines,
    backends.map((codec) => codec.id),
    transports,
    backendRules,
  );
  const path = fileURLToPath(new URL("../../../../docs/compatibility.md", import.meta.url));
  const complete =
    results.length === transports.length * backends.length * clientLines.length * scenarios.length;
  // The page goes on with the agent CLIs' section (packages/agents-e2e writes it) and the runtime
  // section (test/runtimes/runtime-matrix.test.ts): what follows the first of them is kept as is.
  const existing = existsSync(path) ? readFileSync(path, "utf8") : "";
  const keptAt = Math.min(
    ...[agentsSectionHeading, runtimeSectionMarker]
      .map((heading) => existing.indexOf(heading))
      .filter((at) => at >= 0),
  );
  const kept = Number.isFinite(keptAt) ? `\n${existing.slice(keptAt)}` : "";
  if (process.env.UPDATE_COMPATIBILITY === "1" || !existing) writeFileSync(path, document + kept);
  else if (complete)
    expect(existing, "docs/compatibility.md is stale: run with UPDATE_COMPATIBILITY=1").toBe(document + kept);
});

function textEvents(words: string[]): ChatEvent[] {
  return [
    { type: "response-start", id: "resp_stream_1", model: "upstream-model" },
    { type: "part-start", index: 0, kind: "text" },
    ...words.map((text): ChatEvent => ({ type: "text-delta", index: 0, text })),
    { type: "part-end", index: 0, part: { type: "text", text: words.join("") } },
    { type: "response-end", finishReason: { reason: "stop" }, usage: { inputTokens: 3, outputTokens: 3 } },
  ];
}

const hasToolResult = (request: ChatRequest) =>
  request.messages.some((message) => message.parts.some((part) => part.type === "tool-result"));
const hasAssistant = (request: ChatRequest) =>
  request.messages.some((message) => message.role === "assistant");
const allParts = (call: UpstreamCall): Part[] => call.request.messages.flatMap((message) => message.parts);

interface Scenario {
  name: string;
  script(backend: string): (call: UpstreamCall) => UpstreamAnswer;
  run(line: ClientLine, target: ClientTarget, upstream: ScriptedUpstream, backend: string): Promise<void>;
}

const codecById = new Map(backends.map((codec) => [codec.id, codec]));

/** The tool-call signatures of an answer as the backend's wire carries them (some formats have none). */
function wireToolCallSignatures(backend: string, answer: ChatResponse) {
  const codec = codecById.get(backend)!;
  const context = createConversionContext();
  const decoded = codec.decodeResponse(codec.encodeResponse(answer, context), context);
  return decoded.parts.flatMap((part) => (part.type === "tool-call" ? [part.signature] : []));
}

const scenarios: Scenario[] = [
  {
    name: "plain reply",
    script: () => () => ({ response: textAnswer("Hello from upstream") }),
    async run(line, target) {
      expect(await line.plain(target)).toBe("Hello from upstream");
    },
  },
  {
    name: "streamed reply",
    script: () => () => ({ events: textEvents(["Hello", " from", " upstream"]) }),
    async run(line, target, upstream) {
      const { deltas } = await line.streamed(target);
      expect(deltas.join("")).toBe("Hello from upstream");
      expect(upstream.calls.at(-1)?.stream).toBe(true);
    },
  },
  {
    name: "two parallel tool calls over two turns",
    script: (backend) => (call) =>
      hasToolResult(call.request)
        ? { response: textAnswer("Sunny in both.") }
        : { response: parallelToolCallAnswer(backend) },
    async run(line, target, upstream, backend) {
      const before = upstream.calls.length;
      const result = await line.toolTurns(target);
      expect(result.calls).toEqual([
        { name: "get_weather", city: "Paris" },
        { name: "get_weather", city: "Tokyo" },
      ]);
      expect(result.text).toBe("Sunny in both.");
      const second = upstream.calls[before + 1]!;
      const parts = allParts(second);
      const callIds = parts.flatMap((part) => (part.type === "tool-call" ? [part.id] : []));
      const results = parts.flatMap((part) => (part.type === "tool-result" ? [part] : []));
      expect(callIds).toHaveLength(2);
      // A call's opaque state (a thought signature) comes back to the backend that made it.
      const signatures = parts.flatMap((part) => (part.type === "tool-call" ? [part.signature] : []));
      expect(signatures).toEqual(wireToolCallSignatures(backend, parallelToolCallAnswer(backend)));
      expect(results.map((part) => part.callId).sort()).toEqual([...callIds].sort());
      // Each client wraps the output its own way (@ai-sdk/google sends `{ name, content }`); it arrives whole.
      for (const part of results) expect(JSON.stringify(part.content)).toContain("Sunny");
    },
  },
  {
    name: "reasoning signature survives turn two",
    script: (backend) => (call) =>
      hasAssistant(call.request)
        ? { response: textAnswer("Still forty-two.") }
        : { response: reasoningAnswer(backend, `sig-${backend}-0001+/=`) },
    async run(line, target, upstream, backend) {
      const before = upstream.calls.length;
      expect((await line.reasoningTurns(target)).text).toBe("Still forty-two.");
      const reasoning = allParts(upstream.calls[before + 1]!).find((part) => part.type === "reasoning");
      expect(reasoning).toMatchObject({ signature: { format: backend, data: `sig-${backend}-0001+/=` } });
    },
  },
  {
    name: "image input",
    script: () => () => ({ response: textAnswer("A tiny red image.") }),
    async run(line, target, upstream) {
      expect(await line.image(target, pngBase64)).toBe("A tiny red image.");
      const media = allParts(upstream.calls.at(-1)!).find((part) => part.type === "media");
      expect(media).toMatchObject({ mediaType: "image/png" });
      expect(JSON.stringify(media)).toContain(pngBase64.slice(0, 40));
    },
  },
  {
    name: "structured output ($ref, nullable)",
    script: () => () => ({ response: textAnswer(JSON.stringify({ place: { name: "Paris" }, note: null })) }),
    async run(line, target, upstream) {
      expect(await line.structured(target, placeSchema)).toEqual({ place: { name: "Paris" }, note: null });
      const format = upstream.calls.at(-1)!.request.outputFormat;
      expect(format?.type).toBe("json-schema");
      expect(JSON.stringify(format)).toContain('"name"');
    },
  },
  {
    name: "upstream 429 before the stream",
    script: () => () => ({
      error: new CanonicalError("rate_limit", "Too many requests upstream.", { retryAfter: 3 }),
    }),
    async run(line, target) {
      const failure = await line.refusedStream(target);
      expect(failure.status).toBe(429);
    },
  },
  {
    name: "upstream failure mid-stream",
    script: () => () => ({ events: failingStreamEvents() }),
    async run(line, target) {
      const failure = await line.failingStream(target);
      expect(failure.message).toContain("Upstream overloaded mid-stream.");
    },
  },
];

for (const transport of transports) {
  describe(`over ${transport === "node" ? "a real Node server" : "fetch, in process"}`, () => {
    for (const backendCodec of backends) {
      const backend = backendCodec.id;
      for (const line of clientLines) {
        describe(`${line.name} (${line.front} front) → ${backend} backend`, () => {
          for (const scenario of scenarios) {
            it(scenario.name, async () => {
              const upstream = upstreams.get(backend)!;
              upstream.answer(scenario.script(backend));
              const target: ClientTarget = {
                url: transport === "node" ? server.url : "http://gateway.in-process",
                apiKey,
                model: modelFor(backend),
                fetch:
                  transport === "node"
                    ? undefined
                    : (input, init) => gateway.fetch(new Request(input as RequestInfo, init)),
              };
              const first = reports.length;
              await scenario.run(line, target, upstream, backend);
              results.push({
                transport,
                client: line.name,
                front: line.front,
                backend,
                scenario: scenario.name,
                losses: reports.slice(first).flatMap((report) => report.losses),
              });
            });
          }
        });
      }
    }
  });
}
