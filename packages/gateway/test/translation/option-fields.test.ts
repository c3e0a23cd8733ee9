import { chatCompletionsCodec } from "@interlingua/chat-completions";
import type { AnyCodec, Loss } from "@interlingua/core";
import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConversionReport, createGateway } from "../../src/index";
import { textAnswer } from "../support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";

/**
 * Each format's own options, end to end through the gateway: a backend of the same format gets the
 * field unchanged; a backend of another format gets a request without it, and the caller is told
 * (`x-interlingua-losses`, a loss at the field in the report) or, in strict mode, refused.
 */

type Format = "messages" | "responses" | "generate-content" | "chat-completions" | "interactions";
const formats: Format[] = ["messages", "responses", "generate-content", "chat-completions", "interactions"];
const codecs: Record<Format, AnyCodec> = {
  messages: messagesCodec,
  responses: responsesCodec,
  "generate-content": generateContentCodec,
  "chat-completions": chatCompletionsCodec,
  interactions: interactionsCodec,
};

type Wire = Record<string, unknown>;

/** One option of a front: the field (a path of keys) and the request that carries it. */
interface OptionCase {
  front: Format;
  /** The field's keys in the caller's body (`["thinking", "display"]`). */
  field: (string | number)[];
  /** The caller's body with the field. */
  body: Wire;
  /** Formats that have the same option under the same name, so it is carried, not lost. */
  carriedTo?: Format[];
  /** Formats that have the same option under another name or spelling: where it goes and as what. */
  carriedAs?: Partial<Record<Format, { field: (string | number)[]; value: unknown }>>;
  /** The canonical field the option maps to, when it has one (`serviceTier`). */
  canonical?: string;
}

const ask = [{ role: "user", content: "Hi" }];
const messagesBase = { max_tokens: 2048, messages: ask };
const responsesBase = { max_output_tokens: 64, input: "Hi" };
const geminiBase = {
  contents: [{ role: "user", parts: [{ text: "Hi" }] }],
  generationConfig: { maxOutputTokens: 64 },
};
const chatBase = { max_completion_tokens: 64, messages: ask };
const interactionsBase = { input: "Hi", generation_config: { max_output_tokens: 64 } };

const cases: OptionCase[] = [
  {
    front: "messages",
    field: ["mcp_servers"],
    body: {
      ...messagesBase,
      mcp_servers: [{ type: "url", url: "https://mcp.example.com/sse", name: "example" }],
    },
  },
  { front: "messages", field: ["container"], body: { ...messagesBase, container: "container_011" } },
  {
    front: "messages",
    field: ["context_management"],
    body: { ...messagesBase, context_management: { edits: [{ type: "clear_tool_uses_20250919" }] } },
  },
  { front: "messages", field: ["inference_geo"], body: { ...messagesBase, inference_geo: "us" } },
  {
    front: "messages",
    field: ["thinking", "display"],
    body: { ...messagesBase, thinking: { type: "enabled", budget_tokens: 1024, display: "omitted" } },
  },
  {
    front: "messages",
    field: ["tools", 0, "defer_loading"],
    body: {
      ...messagesBase,
      tools: [
        {
          name: "get_weather",
          description: "The weather in a city.",
          input_schema: { type: "object", properties: { city: { type: "string" } } },
          defer_loading: true,
        },
      ],
    },
  },
  {
    front: "responses",
    field: ["tools", 0, "defer_loading"],
    body: {
      ...responsesBase,
      tools: [
        {
          type: "function",
          name: "get_weather",
          parameters: { type: "object", properties: { city: { type: "string" } } },
          strict: false,
          defer_loading: true,
        },
      ],
    },
  },
  {
    front: "responses",
    field: ["prompt"],
    body: { ...responsesBase, prompt: { id: "pmpt_123", version: "2" } },
  },
  { front: "responses", field: ["conversation"], body: { ...responsesBase, conversation: "conv_123" } },
  {
    front: "responses",
    field: ["text", "verbosity"],
    body: { ...responsesBase, text: { verbosity: "low" } },
  },
  {
    front: "responses",
    field: ["include"],
    body: { ...responsesBase, include: ["message.input_image.image_url"] },
  },
  { front: "responses", field: ["background"], body: { ...responsesBase, background: true } },
  {
    front: "responses",
    field: ["prompt_cache_key"],
    body: { ...responsesBase, prompt_cache_key: "cache-1" },
    carriedTo: ["chat-completions"],
    canonical: "promptCacheKey",
  },
  {
    front: "responses",
    field: ["safety_identifier"],
    body: { ...responsesBase, safety_identifier: "user-1" },
    carriedTo: ["chat-completions"],
    canonical: "safetyIdentifier",
  },
  { front: "responses", field: ["max_tool_calls"], body: { ...responsesBase, max_tool_calls: 3 } },
  {
    front: "responses",
    field: ["client_metadata"],
    body: { ...responsesBase, client_metadata: { app: "x" } },
  },
  { front: "generate-content", field: ["labels"], body: { ...geminiBase, labels: { team: "a" } } },
  {
    front: "generate-content",
    field: ["cachedContent"],
    body: { ...geminiBase, cachedContent: "cachedContents/abc" },
    carriedAs: { interactions: { field: ["cached_content"], value: "cachedContents/abc" } },
    canonical: "cachedContent",
  },
  {
    front: "generate-content",
    field: ["safetySettings"],
    body: {
      ...geminiBase,
      safetySettings: [{ category: "HARM_CATEGORY_HARASSMENT", threshold: "BLOCK_NONE" }],
    },
    carriedAs: {
      interactions: { field: ["safety_settings"], value: [{ type: "harassment", threshold: "block_none" }] },
    },
    canonical: "safetySettings",
  },
  {
    front: "chat-completions",
    field: ["prompt_cache_key"],
    body: { ...chatBase, prompt_cache_key: "cache-1" },
    carriedTo: ["responses"],
    canonical: "promptCacheKey",
  },
  {
    front: "chat-completions",
    field: ["safety_identifier"],
    body: { ...chatBase, safety_identifier: "user-1" },
    carriedTo: ["responses"],
    canonical: "safetyIdentifier",
  },
  {
    front: "chat-completions",
    field: ["store"],
    body: { ...chatBase, store: true, metadata: { app: "x" } },
    carriedTo: ["responses", "interactions"],
    canonical: "store",
  },
  {
    front: "chat-completions",
    field: ["metadata"],
    body: { ...chatBase, metadata: { app: "x" } },
    carriedTo: ["responses"],
    canonical: "metadata",
  },
  {
    front: "chat-completions",
    field: ["service_tier"],
    body: { ...chatBase, service_tier: "flex" },
    carriedTo: ["responses", "interactions"],
    canonical: "serviceTier",
  },
  { front: "interactions", field: ["labels"], body: { ...interactionsBase, labels: { team: "a" } } },
  {
    front: "interactions",
    field: ["webhook_config"],
    body: { ...interactionsBase, webhook_config: { uris: ["https://hooks.example.com/done"] } },
  },
  {
    front: "interactions",
    field: ["generation_config", "speech_config"],
    body: {
      ...interactionsBase,
      generation_config: { max_output_tokens: 64, speech_config: [{ voice: "Kore", language: "en-US" }] },
    },
  },
];

const upstreams = new Map<Format, ScriptedUpstream>();
const reports: ConversionReport[] = [];
let server: LocalServer;

beforeAll(async () => {
  for (const format of formats) {
    const upstream = await createScriptedUpstream(codecs[format]);
    upstream.answer(() => ({ response: textAnswer("Hello") }));
    upstreams.set(format, upstream);
  }
  const gateway = createGateway({
    providers: Object.fromEntries(
      formats.map((format) => [
        format,
        { type: format as never, baseURL: upstreams.get(format)!.url, apiKey: "k" },
      ]),
    ),
    routes: formats.map((format) => ({ model: `to-${format}`, provider: format, upstreamModel: "m" })),
    onConversion: (report) => reports.push(report),
  });
  server = await serveFetch(gateway.fetch);
});

afterAll(async () => {
  await server.close();
  for (const upstream of upstreams.values()) await upstream.close();
});

function frontRequest(front: Format, model: string, body: Wire, strict: boolean): Request {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (strict) headers["x-interlingua-strict"] = "1";
  const post = (path: string, wire: Wire, auth: Record<string, string>) =>
    new Request(`${server.url}${path}`, {
      method: "POST",
      headers: { ...headers, ...auth },
      body: JSON.stringify(wire),
    });
  switch (front) {
    case "messages":
      return post(
        "/v1/messages",
        { model, ...body },
        { "x-api-key": "c", "anthropic-version": "2023-06-01" },
      );
    case "responses":
      return post("/v1/responses", { model, ...body }, { authorization: "Bearer c" });
    case "generate-content":
      return post(`/v1beta/models/${model}:generateContent`, body, { "x-goog-api-key": "c" });
    case "chat-completions":
      return post("/v1/chat/completions", { model, ...body }, { authorization: "Bearer c" });
    case "interactions":
      return post("/v1beta/interactions", { model, ...body }, { "x-goog-api-key": "c" });
  }
}

function valueAt(wire: unknown, keys: (string | number)[]): unknown {
  let value = wire;
  for (const key of keys) value = (value as Record<string | number, unknown> | undefined)?.[key];
  return value;
}

/**
 * Whether a loss names the field: its path ends with the field's last key, or with the canonical
 * field it maps to (`canonical`), whatever the prefix says of where it was kept.
 */
const namesField = (loss: Loss, field: (string | number)[], canonical?: string) => {
  const last = loss.path.split("/").at(-1);
  return last === String(field.at(-1)) || (canonical !== undefined && last === canonical);
};

describe.each(cases)(
  "the $front option $field",
  ({ front, field, body, carriedTo = [], carriedAs = {}, canonical }) => {
    it("reaches a backend of the same format unchanged", async () => {
      const upstream = upstreams.get(front)!;
      const before = upstream.calls.length;
      const response = await fetch(frontRequest(front, `to-${front}`, body, true));
      expect(response.status, await response.clone().text()).toBe(200);
      expect(upstream.calls).toHaveLength(before + 1);
      expect(valueAt(upstream.calls.at(-1)!.wire, field)).toEqual(valueAt(body, field));
    });

    const others = formats.filter(
      (format) => format !== front && !carriedTo.includes(format) && carriedAs[format] === undefined,
    );
    it.each(others)("is left out for a %s backend, and the caller told", async (backend) => {
      const upstream = upstreams.get(backend)!;
      const before = upstream.calls.length;
      reports.length = 0;
      const response = await fetch(frontRequest(front, `to-${backend}`, body, false));
      expect(response.status, await response.clone().text()).toBe(200);
      expect(valueAt(upstream.calls.at(-1)!.wire, field)).toBeUndefined();
      expect(Number(response.headers.get("x-interlingua-losses"))).toBeGreaterThan(0);
      expect(
        reports.flatMap((report) => report.losses).filter((loss) => namesField(loss, field, canonical)),
      ).not.toEqual([]);

      const strict = await fetch(frontRequest(front, `to-${backend}`, body, true));
      expect(strict.status).toBe(400);
      expect(upstream.calls).toHaveLength(before + 1);
    });

    it.each(carriedTo)("is carried to a %s backend, which has the same option", async (backend) => {
      reports.length = 0;
      const response = await fetch(frontRequest(front, `to-${backend}`, body, false));
      expect(response.status).toBe(200);
      expect(valueAt(upstreams.get(backend)!.calls.at(-1)!.wire, field)).toEqual(valueAt(body, field));
      expect(
        reports.flatMap((report) => report.losses).filter((loss) => namesField(loss, field, canonical)),
      ).toEqual([]);
    });

    it.each(Object.keys(carriedAs) as Format[])(
      "is carried to a %s backend, under its own name",
      async (backend) => {
        reports.length = 0;
        const response = await fetch(frontRequest(front, `to-${backend}`, body, true));
        expect(response.status, await response.clone().text()).toBe(200);
        const { field: carried, value } = carriedAs[backend]!;
        expect(valueAt(upstreams.get(backend)!.calls.at(-1)!.wire, carried)).toEqual(value);
      },
    );
  },
);

describe("a messages search_result block", () => {
  const block = {
    type: "search_result",
    source: "https://example.com/paris",
    title: "Paris",
    content: [{ type: "text", text: "Paris is the capital of France." }],
    citations: { enabled: true },
  };
  const body = {
    ...messagesBase,
    messages: [{ role: "user", content: [block, { type: "text", text: "Which city is the capital?" }] }],
  };

  it("reaches a messages backend unchanged", async () => {
    const response = await fetch(frontRequest("messages", "to-messages", body, true));
    expect(response.status).toBe(200);
    expect(valueAt(upstreams.get("messages")!.calls.at(-1)!.wire, ["messages", 0, "content", 0])).toEqual(
      block,
    );
  });

  it.each(formats.filter((format) => format !== "messages"))(
    "reaches a %s backend as its text, the caller told",
    async (backend) => {
      reports.length = 0;
      const response = await fetch(frontRequest("messages", `to-${backend}`, body, false));
      expect(response.status).toBe(200);
      const sent = upstreams.get(backend)!.calls.at(-1)!.request.messages[0]!.parts;
      expect(sent[0]).toMatchObject({
        type: "text",
        text: expect.stringContaining("Paris is the capital of France."),
      });
      expect(sent[0]).toMatchObject({ text: expect.stringContaining("https://example.com/paris") });
      const losses = reports.flatMap((report) => report.losses);
      expect(losses).toContainEqual(
        expect.objectContaining({ code: "approximated", path: expect.stringMatching(/\/0$/) }),
      );
      expect((await fetch(frontRequest("messages", `to-${backend}`, body, true))).status).toBe(400);
    },
  );
});

describe("the responses option store", () => {
  it.each(formats.filter((format) => format !== "responses"))(
    "is served by the gateway itself for a %s backend, so nothing is lost",
    async (backend) => {
      reports.length = 0;
      const body = { ...responsesBase, store: true };
      const response = await fetch(frontRequest("responses", `to-${backend}`, body, true));
      expect(response.status).toBe(200);
      const { id } = (await response.json()) as { id: string };
      expect(reports.flatMap((report) => report.losses)).toEqual([]);
      const stored = await fetch(`${server.url}/v1/responses/${id}`, {
        headers: { authorization: "Bearer c" },
      });
      expect(stored.status).toBe(200);
      expect(await stored.json()).toMatchObject({ id, status: "completed" });
    },
  );
});
