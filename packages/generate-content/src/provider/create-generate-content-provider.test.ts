import { CanonicalError, type ChatRequest, collect, findEventSequenceProblems } from "@interlingua/core";
import { type LocalServer, serveFetch, testChatProvider } from "@interlingua/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEchoGenerateContentHandler,
  type SeenRequest,
} from "../../test/support/echo-generate-content-server";
import { createGenerateContentProvider } from "./create-generate-content-provider";

const seen: SeenRequest[] = [];
const echo = createEchoGenerateContentHandler(seen);
let server: LocalServer;

beforeAll(async () => {
  server = await serveFetch(async (request) => {
    switch (request.headers.get("x-test-scenario")) {
      case "rate-limited":
        return Response.json(
          {
            error: {
              code: 429,
              message: "Resource has been exhausted",
              status: "RESOURCE_EXHAUSTED",
              details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "12s" }],
            },
          },
          { status: 429 },
        );
      case "fails-mid-stream":
        return new Response(
          'data: {"candidates":[{"content":{"parts":[{"text":"par"}],"role":"model"}}],"responseId":"r"}\n\n' +
            'data: {"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}\n\n',
          { headers: { "content-type": "text/event-stream" } },
        );
      case "hangs":
        return new Response(new ReadableStream({ start() {} }), {
          headers: { "content-type": "text/event-stream" },
        });
      default:
        return echo(request);
    }
  });
});
afterAll(() => server.close());

const request: ChatRequest = {
  model: "gemini-test",
  maxOutputTokens: 50,
  messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }],
};
const provider = (scenario?: string, apiVersion?: string) =>
  createGenerateContentProvider({
    baseURL: `${server.url}/`,
    apiKey: "up-key",
    apiVersion,
    headers: scenario ? { "x-test-scenario": scenario } : {},
  });

testChatProvider("generate-content over 127.0.0.1", () => provider(), {
  requests: [
    request,
    {
      model: "gemini-test",
      messages: [{ role: "user", parts: [{ type: "text", text: "Weather in Paris?" }] }],
      tools: [{ type: "function", name: "get_weather", inputSchema: { type: "object", properties: {} } }],
    },
  ],
  failingRequest: { ...request, temperature: 3 },
});

describe("createGenerateContentProvider", () => {
  it("declares the generate-content wire format", () => {
    expect(provider().capabilities).toMatchObject({ streaming: true, wireFormat: "generate-content" });
  });

  it("generates over /v1beta by default, with the key in x-goog-api-key", async () => {
    const response = await provider().generate(request);
    expect(response).toMatchObject({
      id: "resp_echo_1",
      model: "gemini-test",
      parts: [{ type: "text", text: "echo: hi" }],
      finishReason: { reason: "stop", raw: "STOP" },
      usage: { inputTokens: 11, outputTokens: 7, totalTokens: 18 },
    });
    expect(seen.at(-1)).toMatchObject({ apiVersion: "v1beta", apiKey: "up-key" });
    expect(seen.at(-1)!.request).toMatchObject({ model: "gemini-test", maxOutputTokens: 50, stream: false });
  });

  it("streams over the version it is given, and the events accumulate to the answer", async () => {
    const events = await collect(await provider(undefined, "v1").stream(request));
    expect(findEventSequenceProblems(events)).toEqual([]);
    expect(
      events
        .filter((event) => event.type === "text-delta")
        .map((event) => event.text)
        .join(""),
    ).toBe("echo: hi");
    expect(events.at(-1)).toMatchObject({ type: "response-end", finishReason: { reason: "stop" } });
    expect(seen.at(-1)).toMatchObject({ apiVersion: "v1" });
    expect(seen.at(-1)!.request.stream).toBe(true);
  });

  it("turns an upstream error answer into a canonical error before any event", async () => {
    const failure = await provider("rate-limited")
      .generate(request)
      .catch((error: unknown) => error);
    expect(CanonicalError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      kind: "rate_limit",
      status: 429,
      retryAfter: 12,
      code: "RESOURCE_EXHAUSTED",
    });
    await expect(provider("rate-limited").stream(request)).rejects.toMatchObject({ kind: "rate_limit" });
  });

  it("ends a stream that fails midway with an error event", async () => {
    const events = await collect(await provider("fails-mid-stream").stream(request));
    expect(events.at(-1)).toMatchObject({ type: "error", error: { kind: "overloaded", status: 503 } });
    expect(findEventSequenceProblems(events)).toEqual([]);
  });

  it("aborts a call that hangs, before and after the stream opened", async () => {
    const controller = new AbortController();
    const pending = provider("hangs").stream(request, { signal: controller.signal });
    const stream = await pending;
    const reading = collect(stream);
    controller.abort();
    const events = await reading;
    expect(events.at(-1)).toMatchObject({ type: "error", error: { kind: "unavailable" } });
    const aborted = new AbortController();
    aborted.abort();
    await expect(provider().generate(request, { signal: aborted.signal })).rejects.toMatchObject({
      kind: "unavailable",
      message: "The upstream call was aborted",
    });
  });

  it("reports an unreachable upstream as unavailable", async () => {
    const unreachable = createGenerateContentProvider({ baseURL: "http://127.0.0.1:1", apiKey: "k" });
    await expect(unreachable.generate(request)).rejects.toMatchObject({ kind: "unavailable" });
  });
});
