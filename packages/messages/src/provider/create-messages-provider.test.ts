import { CanonicalError, type ChatRequest, collect, findEventSequenceProblems } from "@interlingua/core";
import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEchoMessagesHandler, type SeenRequest } from "../../test/support/echo-messages-server";
import { createMessagesProvider } from "./create-messages-provider";

const seen: SeenRequest[] = [];
const echo = createEchoMessagesHandler(seen);
let server: LocalServer;

beforeAll(async () => {
  server = await serveFetch(async (request) => {
    const model = request.headers.get("x-test-scenario");
    if (model === "rate-limited") {
      return Response.json(
        {
          type: "error",
          error: { type: "rate_limit_error", message: "Too many requests" },
          request_id: "req_9",
        },
        { status: 429, headers: { "retry-after": "12" } },
      );
    }
    if (model === "fails-mid-stream") {
      const text =
        'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}}\n\n' +
        'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
      return new Response(text, { headers: { "content-type": "text/event-stream" } });
    }
    if (model === "drops-connection") {
      const start =
        'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}}\n\n';
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(start));
          setTimeout(() => controller.error(new Error("connection lost")), 20);
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    }
    if (model === "hangs") {
      // Headers go out; the body never comes.
      return new Response(new ReadableStream({ start() {} }), {
        headers: { "content-type": "text/event-stream" },
      });
    }
    return echo(request);
  });
});
afterAll(() => server.close());

const request: ChatRequest = {
  model: "claude-test",
  maxOutputTokens: 50,
  messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }],
};
const provider = (scenario?: string, authStyle?: "x-api-key" | "bearer") =>
  createMessagesProvider({
    baseURL: `${server.url}/`,
    apiKey: "sk-up",
    authStyle,
    headers: scenario ? { "x-test-scenario": scenario } : {},
  });

describe("createMessagesProvider", () => {
  it("declares the messages wire format", () => {
    expect(provider().capabilities).toMatchObject({ streaming: true, wireFormat: "messages" });
  });

  it("generates with x-api-key and the version header", async () => {
    const response = await provider().generate(request);
    expect(response.parts).toEqual([{ type: "text", text: "echo: hi" }]);
    const last = seen.at(-1)!;
    expect(last.headers.get("x-api-key")).toBe("sk-up");
    expect(last.headers.get("authorization")).toBeNull();
    expect(last.headers.get("anthropic-version")).toBe("2023-06-01");
    expect(last.request.stream).toBeUndefined();
  });

  it("streams with a bearer token", async () => {
    const events = await collect(await provider(undefined, "bearer").stream(request));
    expect(findEventSequenceProblems(events)).toEqual([]);
    expect(
      events
        .filter((event) => event.type === "text-delta")
        .map((event) => event.type === "text-delta" && event.text)
        .join(""),
    ).toBe("echo: hi");
    expect(seen.at(-1)!.headers.get("authorization")).toBe("Bearer sk-up");
    expect(seen.at(-1)!.request.stream).toBe(true);
  });

  it("rejects with the upstream's error, retry-after and body kept", async () => {
    const failure = await provider("rate-limited")
      .generate(request)
      .catch((error: unknown) => error);
    expect(CanonicalError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      kind: "rate_limit",
      status: 429,
      retryAfter: 12,
      code: "rate_limit_error",
    });
    expect((failure as CanonicalError).upstream?.body).toMatchObject({ request_id: "req_9" });
  });

  it("ends the stream with an error event when the upstream sends one", async () => {
    const events = await collect(await provider("fails-mid-stream").stream(request));
    expect(events.at(-1)).toMatchObject({ type: "error", error: { kind: "overloaded", status: 529 } });
    expect(findEventSequenceProblems(events)).toEqual([]);
  });

  it("aborts the upstream call through the signal", async () => {
    const controller = new AbortController();
    const events = await provider("hangs").stream(request, { signal: controller.signal });
    const reading = collect(events);
    controller.abort();
    const collected = await reading;
    expect(collected.at(-1)).toMatchObject({ type: "error", error: { kind: "unavailable" } });
  });

  it("ends the stream with an error event when the connection drops mid-stream", async () => {
    const events = await collect(await provider("drops-connection").stream(request));
    expect(events[0]).toMatchObject({ type: "response-start", id: "m" });
    expect(events.at(-1)).toMatchObject({ type: "error", error: { kind: "unavailable", status: 503 } });
    expect(findEventSequenceProblems(events)).toEqual([]);
  });
});
