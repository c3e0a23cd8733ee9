import {
  CanonicalError,
  type ChatEvent,
  type ChatProvider,
  type ChatRequest,
  type ChatResponse,
  replay,
} from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ConversionReport, createGateway, type Gateway, type GatewayConfig } from "../src/index";
import { failingStreamEvents, reasoningAnswer, textAnswer } from "./support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "./support/scripted-upstream";
import { sealedEnvelopesIn, sealedFormatsIn } from "./support/sealed-envelopes";

const callerKey = "caller-key-0123456789";
const upstreamKey = "upstream-secret-key-abcdef";
let messagesUpstream: ScriptedUpstream;
let responsesUpstream: ScriptedUpstream;
let reports: ConversionReport[];

beforeAll(async () => {
  messagesUpstream = await createScriptedUpstream(messagesCodec);
  responsesUpstream = await createScriptedUpstream(responsesCodec);
});
afterAll(async () => {
  await messagesUpstream.close();
  await responsesUpstream.close();
});
beforeEach(() => {
  reports = [];
  messagesUpstream.calls.length = 0;
  responsesUpstream.calls.length = 0;
  messagesUpstream.answer(() => ({ response: textAnswer("from messages") }));
  responsesUpstream.answer(() => ({ response: textAnswer("from responses") }));
});

function config(extra: Partial<GatewayConfig> = {}): GatewayConfig {
  return {
    auth: { keys: [callerKey] },
    providers: {
      anthropic: { type: "messages", baseURL: messagesUpstream.url, apiKey: upstreamKey },
      openai: { type: "responses", baseURL: responsesUpstream.url, apiKey: upstreamKey },
    },
    routes: [
      { model: "claude-*", provider: "anthropic" },
      { model: "gpt-4o", provider: "openai", upstreamModel: "gpt-4o-2024" },
      { model: "gpt-*", provider: "openai" },
    ],
    secret: "a-sealing-secret-for-tests",
    onConversion: (report) => reports.push(report),
    ...extra,
  };
}

const base = "http://gateway.test";

function messagesRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${base}/v1/messages`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": callerKey,
      "anthropic-version": "2023-06-01",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

function responsesRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${base}/v1/responses`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${callerKey}`, ...headers },
    body: JSON.stringify(body),
  });
}

const hello = { model: "gpt-4o", max_tokens: 50, messages: [{ role: "user", content: "Hello" }] };

async function sseData(response: Response): Promise<{ event?: string; data: Record<string, unknown> }[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null") as Record<string, unknown>;
      return event === undefined ? { data } : { event, data };
    });
}

describe("authentication, per front", () => {
  let gateway: Gateway;
  beforeEach(() => {
    gateway = createGateway(config());
  });

  it("refuses a missing key with 401 in the messages shape, and a wrong key too", async () => {
    for (const headers of [{ "x-api-key": "" }, { "x-api-key": "wrong-key" }]) {
      const response = await gateway.fetch(messagesRequest(hello, headers));
      expect(response.status).toBe(401);
      const body = await response.json();
      expect(body).toMatchObject({ type: "error", error: { type: "authentication_error" } });
      expect(JSON.stringify(body)).not.toContain("wrong-key");
    }
    expect(messagesUpstream.calls).toHaveLength(0);
    expect(responsesUpstream.calls).toHaveLength(0);
  });

  it("accepts the messages key as x-api-key or as a bearer token", async () => {
    const bearer = messagesRequest(hello, { "x-api-key": "", authorization: `Bearer ${callerKey}` });
    expect((await gateway.fetch(messagesRequest(hello))).status).toBe(200);
    expect((await gateway.fetch(bearer)).status).toBe(200);
  });

  it("refuses a bad bearer key with 401 in the responses shape", async () => {
    const response = await gateway.fetch(
      responsesRequest({ model: "gpt-4o", input: "hi" }, { authorization: "Bearer nope" }),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { type: expect.any(String), message: expect.any(String) },
    });
  });

  it("asks for no key when none is configured", async () => {
    const open = createGateway(config({ auth: undefined }));
    const response = await open.fetch(messagesRequest(hello, { "x-api-key": "" }));
    expect(response.status).toBe(200);
  });

  it("never sends the caller's key upstream, only the provider's", async () => {
    await gateway.fetch(messagesRequest(hello));
    expect(responsesUpstream.calls[0]?.apiKey).toBe(upstreamKey);
    expect(JSON.stringify([...responsesUpstream.calls[0]!.headers])).not.toContain(callerKey);
  });
});

describe("routing and request errors, in the front's shape", () => {
  let gateway: Gateway;
  beforeEach(() => {
    gateway = createGateway(config());
  });

  it("routes by exact name and glob, renaming the model upstream", async () => {
    await gateway.fetch(messagesRequest(hello));
    await gateway.fetch(messagesRequest({ ...hello, model: "gpt-5-mini" }));
    await gateway.fetch(responsesRequest({ model: "claude-sonnet-4", input: "hi" }));
    expect(responsesUpstream.calls.map((call) => call.wire.model)).toEqual(["gpt-4o-2024", "gpt-5-mini"]);
    expect(messagesUpstream.calls.map((call) => call.wire.model)).toEqual(["claude-sonnet-4"]);
  });

  it("answers an unknown model with 404 naming the model", async () => {
    const response = await gateway.fetch(messagesRequest({ ...hello, model: "llama-3" }));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ type: "error", error: { type: "not_found_error" } });
    const responses = await gateway.fetch(responsesRequest({ model: "llama-3", input: "hi" }));
    expect(responses.status).toBe(404);
    expect(await responses.json()).toMatchObject({ error: { param: "model" } });
  });

  it("answers a wrong method with 405 and an Allow header", async () => {
    const response = await gateway.fetch(
      new Request(`${base}/v1/messages`, { method: "GET", headers: { "x-api-key": callerKey } }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toMatchObject({ type: "error" });
  });

  it("answers malformed JSON and an invalid body with 400 naming the problem", async () => {
    const broken = new Request(`${base}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": callerKey },
      body: "{not json",
    });
    const response = await gateway.fetch(broken);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    const invalid = await gateway.fetch(messagesRequest({ model: "gpt-4o", max_tokens: 10 }));
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(await invalid.json())).toContain("messages");
  });

  it("answers an over-limit body with 413 from content-length, before reading it", async () => {
    const small = createGateway(config({ limits: { maxBodyBytes: 100 } }));
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64));
      },
    });
    const request = new Request(`${base}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": callerKey, "content-length": "5000" },
      body,
      duplex: "half",
    } as RequestInit);
    const response = await small.fetch(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ type: "error", error: { type: "request_too_large" } });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("answers an over-limit chunked body with 413 as soon as the limit is passed, without reading the rest", async () => {
    const small = createGateway(config({ limits: { maxBodyBytes: 100 } }));
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64));
      },
    });
    const request = new Request(`${base}/v1/responses`, {
      method: "POST",
      headers: { authorization: `Bearer ${callerKey}` },
      body: endless,
      duplex: "half",
    } as RequestInit);
    const response = await small.fetch(request);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  it("serves only the configured fronts", async () => {
    const only = createGateway(config({ fronts: ["responses"] }));
    expect((await only.fetch(messagesRequest(hello))).status).toBe(404);
    expect((await only.fetch(responsesRequest({ model: "gpt-4o", input: "hi" }))).status).toBe(200);
  });

  it("answers paths no front serves with a plain 404", async () => {
    const response = await gateway.fetch(new Request(`${base}/v2/unknown`));
    expect(response.status).toBe(404);
  });
});

describe("model listings", () => {
  it("lists exact route names in the messages shape for messages clients", async () => {
    const gateway = createGateway(config());
    const response = await gateway.fetch(
      new Request(`${base}/v1/models`, {
        headers: { "x-api-key": callerKey, "anthropic-version": "2023-06-01" },
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: [{ type: "model", id: "gpt-4o", display_name: "gpt-4o", created_at: "1970-01-01T00:00:00Z" }],
      has_more: false,
      first_id: "gpt-4o",
      last_id: "gpt-4o",
    });
  });

  it("lists in the responses shape for bearer clients, and answers one model", async () => {
    const gateway = createGateway(config());
    const headers = { authorization: `Bearer ${callerKey}` };
    const list = await gateway.fetch(new Request(`${base}/v1/models`, { headers }));
    expect(await list.json()).toEqual({
      object: "list",
      data: [{ id: "gpt-4o", object: "model", created: 0, owned_by: "openai" }],
    });
    const one = await gateway.fetch(new Request(`${base}/v1/models/claude-opus-4`, { headers }));
    expect(await one.json()).toMatchObject({ id: "claude-opus-4", owned_by: "anthropic" });
    const missing = await gateway.fetch(new Request(`${base}/v1/models/llama`, { headers }));
    expect(missing.status).toBe(404);
    const unauthenticated = await gateway.fetch(new Request(`${base}/v1/models`));
    expect(unauthenticated.status).toBe(401);
  });
});

describe("the pipeline", () => {
  it("converts a whole answer across formats, counting losses in the header and the report", async () => {
    const gateway = createGateway(config());
    const response = await gateway.fetch(messagesRequest({ ...hello, top_k: 5 }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      type: "message",
      role: "assistant",
      content: [{ type: "text", text: "from responses" }],
    });
    const losses = Number(response.headers.get("x-interlingua-losses"));
    expect(losses).toBeGreaterThan(0);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      front: "messages",
      provider: "openai",
      model: "gpt-4o",
      upstreamModel: "gpt-4o-2024",
    });
    expect(reports[0]!.losses).toHaveLength(losses);
    // Paths point into the caller's own body, not the canonical model.
    expect(reports[0]!.losses.map((loss) => loss.path)).toContain("/top_k");
  });

  it("fails a strict request with 400 instead of losing anything", async () => {
    const gateway = createGateway(config());
    const response = await gateway.fetch(
      messagesRequest({ ...hello, top_k: 5 }, { "x-interlingua-strict": "1" }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
    expect(responsesUpstream.calls).toHaveLength(0);
  });

  it("ends a strict stream with the front's error event at the first loss after the headers", async () => {
    responsesUpstream.answer(() => ({
      events: [
        { type: "response-start", id: "resp_summary", model: "upstream-model" },
        { type: "part-start", index: 0, kind: "reasoning" },
        { type: "reasoning-delta", index: 0, text: "A summary.", summaryIndex: 0 },
        { type: "part-end", index: 0, part: { type: "reasoning", summary: ["A summary."] } },
        {
          type: "response-end",
          finishReason: { reason: "stop" },
          usage: { inputTokens: 1, outputTokens: 1 },
        },
      ],
    }));
    const gateway = createGateway(config());
    const response = await gateway.fetch(
      messagesRequest({ ...hello, stream: true }, { "x-interlingua-strict": "1" }),
    );
    expect(response.status).toBe(200);
    const events = await sseData(response);
    expect(events.at(-1)).toMatchObject({
      event: "error",
      data: {
        error: { type: "invalid_request_error", message: expect.stringContaining("Strict conversion") },
      },
    });
    expect(events.some((event) => event.event === "message_stop")).toBe(false);
  });

  it("streams across formats, in the front's own events", async () => {
    const gateway = createGateway(config());
    const response = await gateway.fetch(messagesRequest({ ...hello, stream: true }));
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = await sseData(response);
    expect(events.map((event) => event.event)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(responsesUpstream.calls[0]?.stream).toBe(true);
  });

  it("answers an upstream error before the first byte with the front's status and body", async () => {
    responsesUpstream.answer(() => ({
      error: new CanonicalError("rate_limit", `Slow down (key ${upstreamKey})`, { retryAfter: 7 }),
    }));
    const gateway = createGateway(config());
    for (const stream of [false, true]) {
      const response = await gateway.fetch(messagesRequest({ ...hello, stream }));
      expect(response.status).toBe(429);
      expect(response.headers.get("retry-after")).toBe("7");
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
      expect(text).not.toContain(upstreamKey);
      expect(text).toContain("[redacted]");
    }
  });

  it("answers an upstream that fails right after its start event with an HTTP error, not a stream", async () => {
    messagesUpstream.answer(() => ({
      events: [
        { type: "response-start", id: "msg_busy", model: "upstream-model" },
        { type: "error", error: { kind: "overloaded", status: 529, message: "Overloaded" } },
      ],
    }));
    const gateway = createGateway(config());
    const response = await gateway.fetch(responsesRequest({ model: "claude-x", input: "hi", stream: true }));
    expect(response.status).toBe(529);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toMatchObject({ error: { message: "Overloaded" } });
  });

  it("ends a stream that fails mid-way with the front's terminal error event", async () => {
    responsesUpstream.answer(() => ({ events: failingStreamEvents() }));
    const gateway = createGateway(config());
    const response = await gateway.fetch(messagesRequest({ ...hello, stream: true }));
    expect(response.status).toBe(200);
    const events = await sseData(response);
    expect(events.at(-1)).toMatchObject({
      event: "error",
      data: { type: "error", error: { message: "Upstream overloaded mid-stream." } },
    });
    expect(events.some((event) => event.event === "message_stop")).toBe(false);
    expect(reports[0]?.error).toMatchObject({ message: "Upstream overloaded mid-stream." });
  });

  it("ends a stream whose upstream connection drops with an error event, never a silent success", async () => {
    responsesUpstream.answer(() => ({ events: failingStreamEvents().slice(0, 4), dropAfter: 5 }));
    const gateway = createGateway(config());
    const response = await gateway.fetch(messagesRequest({ ...hello, stream: true }));
    expect(response.status).toBe(200);
    const events = await sseData(response);
    expect(events.some((event) => event.event === "content_block_delta")).toBe(true);
    expect(events.at(-1)?.event).toBe("error");
    // Dropped before any content: still time for an HTTP error.
    responsesUpstream.answer(() => ({ events: failingStreamEvents().slice(0, 4), dropAfter: 1 }));
    const early = await gateway.fetch(messagesRequest({ ...hello, stream: true }));
    expect(early.status).toBe(503);
    expect(await early.json()).toMatchObject({ type: "error" });
  });

  it("cancels the upstream call when the caller stops reading the stream", async () => {
    const events = [
      { type: "response-start", id: "resp_slow", model: "upstream-model" },
      { type: "part-start", index: 0, kind: "text" },
      ...Array.from({ length: 50 }, () => ({ type: "text-delta", index: 0, text: "more " })),
    ] as ChatEvent[];
    responsesUpstream.answer(() => ({ events, hangAfter: 10 }));
    const gateway = createGateway(config());
    const response = await gateway.fetch(messagesRequest({ ...hello, stream: true }));
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    for (let attempt = 0; attempt < 100 && !responsesUpstream.calls[0]?.aborted; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(responsesUpstream.calls[0]?.aborted).toBe(true);
    expect(reports[0]?.error).toMatchObject({ kind: "unavailable" });
  });

  it("replays a whole answer for a streaming caller of a non-streaming provider", async () => {
    const provider: ChatProvider = {
      id: "whole-only",
      capabilities: { streaming: false },
      generate: async (request) => textAnswer(`whole for ${request.model}`),
      stream: async () => {
        throw new Error("not used");
      },
    };
    const gateway = createGateway(
      config({ providers: { custom: provider }, routes: [{ model: "*", provider: "custom" }] }),
    );
    const events = await sseData(
      await gateway.fetch(responsesRequest({ model: "m", input: "hi", stream: true })),
    );
    expect(events.map((event) => event.event)).toContain("response.output_text.delta");
    expect(events.at(-1)).toMatchObject({ event: "response.completed" });
  });

  it("accumulates a streamed upstream call for a whole-answer caller", async () => {
    const gateway = createGateway(
      config({
        providers: {
          anthropic: {
            type: "messages",
            baseURL: messagesUpstream.url,
            apiKey: upstreamKey,
            streamUpstream: true,
          },
          openai: { type: "responses", baseURL: responsesUpstream.url, apiKey: upstreamKey },
        },
      }),
    );
    const response = await gateway.fetch(responsesRequest({ model: "claude-x", input: "hi" }));
    expect(await response.json()).toMatchObject({ object: "response", output: [{ type: "message" }] });
    expect(messagesUpstream.calls[0]?.stream).toBe(true);
  });

  it("passes same-format traffic through byte for byte, model renamed", async () => {
    const gateway = createGateway(
      config({ routes: [{ model: "alias", provider: "anthropic", upstreamModel: "claude-real" }] }),
    );
    const body = {
      model: "alias",
      max_tokens: 9,
      messages: [{ role: "user", content: "x" }],
      metadata: { user_id: "u1" },
    };
    const response = await gateway.fetch(
      messagesRequest(body, { "anthropic-beta": "context-1m-2025-08-07" }),
    );
    expect(response.status).toBe(200);
    expect(messagesUpstream.calls[0]?.wire).toEqual({ ...body, model: "claude-real" });
    expect(messagesUpstream.calls[0]?.headers.get("anthropic-beta")).toBe("context-1m-2025-08-07");
    expect(messagesUpstream.calls[0]?.apiKey).toBe(upstreamKey);
    expect(reports[0]).toMatchObject({ passThrough: true, losses: [] });
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("x-interlingua-losses")).toBe("0");
    const streamed = await gateway.fetch(messagesRequest({ ...body, stream: true }));
    expect((await sseData(streamed)).at(-1)?.event).toBe("message_stop");
  });

  it("ends a passed-through stream that breaks off with the format's error event", async () => {
    messagesUpstream.answer(() => ({ events: failingStreamEvents().slice(0, 4), dropAfter: 4 }));
    const gateway = createGateway(config());
    const response = await gateway.fetch(messagesRequest({ ...hello, model: "claude-x", stream: true }));
    expect(response.status).toBe(200);
    const events = await sseData(response);
    expect(events.some((event) => event.event === "content_block_delta")).toBe(true);
    expect(events.at(-1)).toMatchObject({ event: "error", data: { type: "error" } });
    expect(reports[0]?.passThrough).toBe(true);
  });

  it("passes a same-format upstream error through with its status", async () => {
    messagesUpstream.answer(() => ({ error: new CanonicalError("overloaded", "busy") }));
    const gateway = createGateway(config());
    const response = await gateway.fetch(messagesRequest({ ...hello, model: "claude-x" }));
    expect(response.status).toBe(529);
    expect(await response.json()).toMatchObject({ error: { type: "overloaded_error", message: "busy" } });
  });
});

describe("previous_response_id over a backend of another format", () => {
  it("rebuilds the conversation from the gateway's store", async () => {
    messagesUpstream.answer(() => ({
      response: textAnswer(
        `turn ${messagesUpstream.calls.length}`,
        `msg_turn_${messagesUpstream.calls.length}`,
      ),
    }));
    const gateway = createGateway(config());
    const first = await (
      await gateway.fetch(responsesRequest({ model: "claude-x", input: "My name is Ada." }))
    ).json();
    const second = await gateway.fetch(
      responsesRequest({
        model: "claude-x",
        input: "What is my name?",
        previous_response_id: first.id,
        stream: true,
      }),
    );
    const created = (await sseData(second)).find((event) => event.data.type === "response.created");
    const secondId = (created!.data.response as { id: string }).id;
    expect(first.id).toMatch(/^resp_[0-9a-f]{32}$/);
    expect(secondId).toMatch(/^resp_[0-9a-f]{32}$/);
    const third = await gateway.fetch(
      responsesRequest({ model: "claude-x", input: "Again?", previous_response_id: secondId }),
    );
    expect(third.status).toBe(200);
    const seen = messagesUpstream.calls[2]!.request.messages;
    expect(seen.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    expect(seen[1]?.parts[0]).toMatchObject({ type: "text", text: "turn 1" });
    const unknown = await gateway.fetch(
      responsesRequest({ model: "claude-x", input: "x", previous_response_id: "nope" }),
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { param: "previous_response_id" } });
  });
});

describe("opaque state across formats", () => {
  const signature = "EqQBCkYIBxgCKkD-native-messages-signature";

  async function firstTurn(gateway: Gateway) {
    messagesUpstream.answer(() => ({ response: reasoningAnswer("messages", signature) }));
    const response = await gateway.fetch(
      responsesRequest({ model: "claude-x", input: "Think.", include: ["reasoning.encrypted_content"] }),
    );
    return (await response.json()) as { output: Record<string, unknown>[] };
  }

  it("seals a messages signature into encrypted_content and opens it on the way back", async () => {
    const gateway = createGateway(config());
    const first = await firstTurn(gateway);
    const reasoning = first.output.find((item) => item.type === "reasoning")!;
    expect(sealedFormatsIn(String(reasoning.encrypted_content))).toEqual(["messages"]);
    expect(reasoning.encrypted_content).not.toContain(signature);
    messagesUpstream.answer(() => ({ response: textAnswer("done") }));
    const second = await gateway.fetch(
      responsesRequest({
        model: "claude-x",
        input: [...first.output, { role: "user", content: "And then?" }],
      }),
    );
    expect(second.status).toBe(200);
    const sent = messagesUpstream.calls[1]!.request.messages.flatMap((message) => message.parts);
    expect(sent.find((part) => part.type === "reasoning")).toMatchObject({
      signature: { format: "messages", data: signature },
    });
  });

  it("refuses a tampered envelope with 400", async () => {
    const gateway = createGateway(config());
    const first = await firstTurn(gateway);
    const tampered = first.output.map((item) =>
      item.type === "reasoning"
        ? { ...item, encrypted_content: `${String(item.encrypted_content).slice(0, -2)}AA` }
        : item,
    );
    const response = await gateway.fetch(
      responsesRequest({ model: "claude-x", input: [...tampered, { role: "user", content: "x" }] }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_opaque_state" } });
  });

  it("refuses an envelope sealed by another gateway secret", async () => {
    const first = await firstTurn(createGateway(config({ secret: "another-secret-entirely" })));
    const response = await createGateway(config()).fetch(
      responsesRequest({ model: "claude-x", input: [...first.output, { role: "user", content: "x" }] }),
    );
    expect(response.status).toBe(400);
  });

  it("drops state meant for another backend, with a loss", async () => {
    const gateway = createGateway(config());
    const first = await firstTurn(gateway);
    const response = await gateway.fetch(
      responsesRequest({ model: "claude-x", input: [...first.output, { role: "user", content: "x" }] }),
    );
    expect(response.status).toBe(200);
    // Now the same envelope goes to a messages client over a responses backend: not readable there.
    const gpt = await gateway.fetch(
      messagesRequest({
        model: "gpt-5",
        max_tokens: 50,
        messages: [
          { role: "user", content: "q" },
          {
            role: "assistant",
            content: [
              {
                type: "thinking",
                thinking: "t",
                signature: first.output.find((item) => item.type === "reasoning")!.encrypted_content,
              },
            ],
          },
          { role: "user", content: "q2" },
        ],
      }),
    );
    expect(gpt.status, await gpt.clone().text()).toBe(200);
    const lastReport = reports.at(-1)!;
    expect(
      lastReport.losses.some((loss) =>
        loss.message.includes("messages format cannot be read by a responses backend"),
      ),
    ).toBe(true);
    const upstreamParts = responsesUpstream.calls
      .at(-1)!
      .request.messages.flatMap((message) => message.parts);
    expect(sealedEnvelopesIn(JSON.stringify(upstreamParts))).toEqual([]);
  });

  it("seals in a stream too: the client's stream carries only the envelope", async () => {
    const gateway = createGateway(config());
    messagesUpstream.answer(() => ({ response: reasoningAnswer("messages", signature) }));
    const response = await gateway.fetch(
      responsesRequest({
        model: "claude-x",
        input: "Think.",
        stream: true,
        include: ["reasoning.encrypted_content"],
      }),
    );
    const text = await response.text();
    expect(text).not.toContain(signature);
    expect(sealedFormatsIn(text)).toContain("messages");
  });
});

describe("tool-call state for fronts without a field for it", () => {
  const signed: ChatResponse = {
    id: "resp_signed",
    model: "m",
    parts: [
      {
        type: "tool-call",
        id: "call_7",
        name: "get_weather",
        arguments: { city: "Oslo" },
        signature: { format: "generate-content", data: "thought-signature-bytes" },
      },
    ],
    finishReason: { reason: "tool_calls" },
    usage: {},
    status: "completed",
  };

  function signingProvider(seen: ChatRequest[]): ChatProvider {
    return {
      id: "signing",
      capabilities: { streaming: true, wireFormat: "generate-content" },
      generate: async (request) => {
        seen.push(request);
        return request.messages.length > 1 ? textAnswer("done") : signed;
      },
      stream: async (request) => {
        seen.push(request);
        return replay(signed);
      },
    };
  }

  it("travels in a sealed id, in whole answers and streams, and comes back to the backend", async () => {
    const seen: ChatRequest[] = [];
    const gateway = createGateway(
      config({ providers: { g: signingProvider(seen) }, routes: [{ model: "*", provider: "g" }] }),
    );
    const first = await (await gateway.fetch(messagesRequest(hello))).json();
    const use = first.content[0];
    expect(use).toMatchObject({ type: "tool_use", name: "get_weather", id: expect.stringMatching(/^ilc1_/) });
    const streamed = await sseData(await gateway.fetch(messagesRequest({ ...hello, stream: true })));
    const start = streamed.find((event) => event.event === "content_block_start");
    expect(start?.data).toMatchObject({ content_block: { type: "tool_use", id: use.id } });

    const second = await gateway.fetch(
      messagesRequest({
        ...hello,
        messages: [
          hello.messages[0],
          { role: "assistant", content: [use] },
          { role: "user", content: [{ type: "tool_result", tool_use_id: use.id, content: "Cold" }] },
        ],
      }),
    );
    expect(second.status).toBe(200);
    const parts = seen.at(-1)!.messages.flatMap((message) => message.parts);
    expect(parts.find((part) => part.type === "tool-call")).toMatchObject({
      id: "call_7",
      signature: { format: "generate-content", data: "thought-signature-bytes" },
    });
    expect(parts.find((part) => part.type === "tool-result")).toMatchObject({ callId: "call_7" });
  });

  it("refuses a forged sealed id with 400", async () => {
    const gateway = createGateway(
      config({ providers: { g: signingProvider([]) }, routes: [{ model: "*", provider: "g" }] }),
    );
    const response = await gateway.fetch(
      messagesRequest({
        ...hello,
        messages: [
          hello.messages[0],
          {
            role: "assistant",
            content: [
              {
                type: "tool_use",
                id: "ilc1_forged_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                name: "get_weather",
                input: {},
              },
            ],
          },
          {
            role: "user",
            content: [
              {
                type: "tool_result",
                tool_use_id: "ilc1_forged_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                content: "x",
              },
            ],
          },
        ],
      }),
    );
    expect(response.status).toBe(400);
  });
});

describe("custom providers", () => {
  it("serves a custom ChatProvider object as a backend for every front", async () => {
    const seen: ChatRequest[] = [];
    const provider: ChatProvider = {
      id: "custom",
      capabilities: { streaming: true },
      generate: async (request) => {
        seen.push(request);
        return textAnswer("custom answer");
      },
      stream: async (request) => {
        seen.push(request);
        return replay(textAnswer("custom stream"));
      },
    };
    const gateway = createGateway(
      config({ providers: { mine: provider }, routes: [{ model: "*", provider: "mine" }] }),
    );
    const whole = await (await gateway.fetch(messagesRequest(hello))).json();
    expect(whole.content[0].text).toBe("custom answer");
    const streamed = await (
      await gateway.fetch(responsesRequest({ model: "x", input: "hi", stream: true }))
    ).text();
    expect(streamed).toContain("custom stream");
    expect(seen.map((request) => request.model)).toEqual(["gpt-4o", "x"]);
  });
});

describe("mounts", () => {
  it("hands everything under a mount prefix to its handler", async () => {
    const gateway = createGateway(
      config({
        mounts: { "/img/": { fetch: (request) => new Response(`image:${new URL(request.url).pathname}`) } },
      }),
    );
    expect(await (await gateway.fetch(new Request(`${base}/img/submit/imagine`))).text()).toBe(
      "image:/img/submit/imagine",
    );
    expect((await gateway.fetch(new Request(`${base}/imgx`))).status).toBe(404);
  });
});

describe("the generate-content front", () => {
  const chat = (model: string, query: string, headers: Record<string, string> = {}) =>
    new Request(`${base}/v1beta/models/${model}:generateContent${query}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hi" }] }] }),
    });

  it("takes the key from ?key= or x-goog-api-key, and answers a bad one with 401 in its shape", async () => {
    const gateway = createGateway(config());
    expect((await gateway.fetch(chat("gpt-4o", `?key=${callerKey}`))).status).toBe(200);
    expect((await gateway.fetch(chat("gpt-4o", "", { "x-goog-api-key": callerKey }))).status).toBe(200);
    const refused = await gateway.fetch(chat("gpt-4o", "?key=wrong"));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 401, status: "UNAUTHENTICATED" } });
  });

  it("routes the model named in the path, and answers an unknown one with 404", async () => {
    const gateway = createGateway(config());
    const response = await gateway.fetch(chat("claude-haiku", `?key=${callerKey}`));
    expect(await response.json()).toMatchObject({
      candidates: [{ content: { parts: [{ text: "from messages" }] } }],
    });
    expect(messagesUpstream.calls[0]?.wire.model).toBe("claude-haiku");
    const missing = await gateway.fetch(chat("llama", `?key=${callerKey}`));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 404, status: "NOT_FOUND" } });
  });

  it("streams as data-only SSE for :streamGenerateContent", async () => {
    const gateway = createGateway(config());
    const request = new Request(
      `${base}/v1beta/models/gpt-4o:streamGenerateContent?alt=sse&key=${callerKey}`,
      {
        method: "POST",
        body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hi" }] }] }),
      },
    );
    const events = await sseData(await gateway.fetch(request));
    expect(events.every((event) => event.event === undefined)).toBe(true);
    expect(events.map((event) => JSON.stringify(event.data)).join("")).toContain("from responses");
  });

  it("lists models the way its clients read them", async () => {
    const gateway = createGateway(config());
    const list = await gateway.fetch(new Request(`${base}/v1beta/models?key=${callerKey}`));
    expect(await list.json()).toEqual({
      models: [
        {
          name: "models/gpt-4o",
          version: "001",
          displayName: "gpt-4o",
          supportedGenerationMethods: ["generateContent", "streamGenerateContent"],
        },
      ],
    });
    const one = await gateway.fetch(new Request(`${base}/v1/models/claude-3?key=${callerKey}`));
    expect(await one.json()).toMatchObject({ name: "models/claude-3" });
  });
});

describe("generate-content streams without alt=sse", () => {
  it("come as one JSON array, element by element, over any backend (no pass-through of SSE bytes)", async () => {
    const geminiUpstream = await createScriptedUpstream(generateContentCodec);
    geminiUpstream.answer(() => ({ response: textAnswer("from gemini") }));
    try {
      const gateway = createGateway(
        config({
          providers: {
            openai: { type: "responses", baseURL: responsesUpstream.url, apiKey: upstreamKey },
            gemini: { type: "generate-content", baseURL: geminiUpstream.url, apiKey: upstreamKey },
          },
          routes: [
            { model: "gemini-*", provider: "gemini" },
            { model: "*", provider: "openai" },
          ],
        }),
      );
      for (const [model, expected] of [
        ["gpt-4o", "from responses"],
        ["gemini-x", "from gemini"],
      ] as const) {
        const request = new Request(`${base}/v1beta/models/${model}:streamGenerateContent?key=${callerKey}`, {
          method: "POST",
          body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hi" }] }] }),
        });
        const response = await gateway.fetch(request);
        expect(response.headers.get("content-type")).toContain("application/json");
        const chunks = JSON.parse(await response.text()) as GenerateContentChunk[];
        expect(Array.isArray(chunks)).toBe(true);
        const text = chunks
          .flatMap((chunk) => chunk.candidates?.[0]?.content?.parts?.map((part) => part.text ?? "") ?? [])
          .join("");
        expect(text).toBe(expected);
      }
      expect(reports.every((report) => !report.passThrough)).toBe(true);
    } finally {
      await geminiUpstream.close();
    }
  });
});

interface GenerateContentChunk {
  candidates?: { content?: { parts?: { text?: string }[] } }[];
}
