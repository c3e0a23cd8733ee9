import { accumulate, CanonicalError, collect, findEventSequenceProblems } from "@interlingua/core";
import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRecording } from "../../test/support/recordings";
import { createResponsesProvider } from "./create-responses-provider";

const seen: { url: string; authorization: string | null; body: Record<string, unknown> }[] = [];
let upstream: LocalServer;

beforeAll(async () => {
  upstream = await serveFetch(async (request) => {
    const body = (await request.json()) as Record<string, unknown>;
    seen.push({
      url: new URL(request.url).pathname,
      authorization: request.headers.get("authorization"),
      body,
    });
    if (request.headers.get("authorization") !== "Bearer good-key")
      return new Response(readRecording("error-invalid-api-key.401.json"), { status: 401 });
    if (body.model === "quota")
      return new Response(readRecording("error-insufficient-quota.json"), {
        status: 429,
        headers: { "retry-after": "7" },
      });
    if (body.model === "slow")
      return new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(
              new TextEncoder().encode(readRecording("text.sse").split("\n\n")[0]! + "\n\n"),
            );
          },
        }),
        { headers: { "content-type": "text/event-stream" } },
      );
    if (body.stream)
      return new Response(readRecording("text.sse"), { headers: { "content-type": "text/event-stream" } });
    return new Response(readRecording("reasoning-encrypted-content.response.json"), {
      headers: { "content-type": "application/json" },
    });
  });
});
afterAll(() => upstream.close());

const provider = (apiKey = "good-key") =>
  createResponsesProvider({ baseURL: upstream.url, apiKey, headers: { "x-trace": "t1" } });
const request = (model: string) => ({
  model,
  messages: [{ role: "user" as const, parts: [{ type: "text" as const, text: "Hi" }] }],
});

describe("createResponsesProvider", () => {
  it("declares the responses wire format", () => {
    expect(provider().capabilities).toMatchObject({ streaming: true, wireFormat: "responses" });
  });

  it("generates: posts the encoded request to /v1/responses and decodes the answer", async () => {
    const response = await provider().generate(request("gpt-5-mini"));
    expect(seen.at(-1)).toMatchObject({
      url: "/v1/responses",
      authorization: "Bearer good-key",
      body: { model: "gpt-5-mini", input: [{ role: "user", content: [{ type: "input_text", text: "Hi" }] }] },
    });
    expect(seen.at(-1)!.body.stream).toBeUndefined();
    expect(response.parts.map((part) => part.type)).toEqual(["reasoning", "text"]);
    expect(response.usage).toMatchObject({
      inputTokens: 865,
      outputTokens: 163,
      reasoningTokens: 128,
      cacheReadTokens: 0,
    });
  });

  it("sends the upstream a body its API accepts, knowing the model families the caller names", async () => {
    const houseProvider = createResponsesProvider({
      baseURL: upstream.url,
      apiKey: "good-key",
      modelFamilies: [{ name: "house reasoner", pattern: /^house-r/, reasoning: true }],
    });
    const settings = { temperature: 0.3, maxOutputTokens: 8, user: "u".repeat(150) };
    await houseProvider.generate({ ...request("house-r1"), ...settings });
    const body = seen.at(-1)!.body;
    expect(body).toMatchObject({
      model: "house-r1",
      max_output_tokens: 16,
      user: expect.stringMatching(/^[0-9a-f]{64}$/),
      store: false,
      include: ["reasoning.encrypted_content"],
    });
    expect(body.temperature).toBeUndefined();
    // Without the family the name is unknown, taken not to reason: temperature goes as it is.
    await provider().generate({ ...request("house-r1"), ...settings });
    expect(seen.at(-1)!.body).toMatchObject({ temperature: 0.3 });
    expect(seen.at(-1)!.body.store).toBeUndefined();
  });

  it("streams: asks for a stream and decodes the events into a valid canonical stream", async () => {
    const events = await collect(await provider().stream(request("gpt-5")));
    expect(seen.at(-1)!.body.stream).toBe(true);
    expect(findEventSequenceProblems(events)).toEqual([]);
    const response = await accumulate(events);
    expect(response.parts.find((part) => part.type === "text")).toMatchObject({ text: "Hello, World!" });
  });

  it("maps an upstream 401 to an authentication error with the upstream body", async () => {
    const error = await provider("bad-key")
      .generate(request("gpt-5"))
      .catch((thrown: unknown) => thrown);
    expect(CanonicalError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ kind: "authentication", status: 401, code: "invalid_api_key" });
  });

  it("maps a 429 with retry-after, before any stream event", async () => {
    await expect(provider().stream(request("quota"))).rejects.toMatchObject({
      kind: "rate_limit",
      status: 429,
      code: "insufficient_quota",
      retryAfter: 7,
    });
  });

  it("aborts a call in flight, ending the stream with an error event naming the abort", async () => {
    const controller = new AbortController();
    const stream = await provider().stream(request("slow"), { signal: controller.signal });
    const reader = stream.getReader();
    expect((await reader.read()).value).toMatchObject({ type: "response-start" });
    controller.abort();
    const rest: unknown[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest.push(next.value);
    expect(rest.at(-1)).toMatchObject({
      type: "error",
      error: { kind: "unavailable", message: expect.stringContaining("aborted") },
    });
    expect(rest.filter((event) => (event as { type: string }).type === "response-end")).toEqual([]);
  });

  it("rejects with unavailable when the upstream cannot be reached", async () => {
    const offline = createResponsesProvider({ baseURL: "http://127.0.0.1:1", apiKey: "k" });
    await expect(offline.generate(request("gpt-5"))).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("rejects an aborted call as unavailable naming the abort", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(provider().generate(request("gpt-5"), { signal: controller.signal })).rejects.toMatchObject({
      kind: "unavailable",
      message: expect.stringContaining("aborted"),
    });
  });
});
