import { collect, createMemoryResponseStore, decodeJsonEventStream } from "@interlingua/core";
import { type LocalServer, serveFetch } from "@interlingua/core/test";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createResponsesProvider } from "../src/provider/create-responses-provider";
import { readRecording } from "./support/recordings";
import { createResponsesFront } from "./support/responses-front";
import { createScriptedBackend } from "./support/scripted-backend";

const backend = createScriptedBackend();
let server: LocalServer;
let client: OpenAI;

beforeAll(async () => {
  server = await serveFetch(createResponsesFront(backend));
  client = new OpenAI({ apiKey: "sk-test", baseURL: `${server.url}/v1`, maxRetries: 0 });
});
afterAll(() => server.close());

const lastSeen = () => backend.requests[backend.requests.length - 1]!;

const weatherTool = {
  type: "function" as const,
  name: "get_weather",
  description: "Current weather",
  parameters: {
    type: "object",
    properties: { city: { type: "string" } },
    required: ["city"],
    additionalProperties: false,
  },
  strict: true,
};

describe("the official openai client against a responses front on the codec", () => {
  it("responses.create returns a parsed response with the echoed settings", async () => {
    const response = await client.responses.create({
      model: "gpt-test",
      input: "hello",
      instructions: "Be kind.",
      temperature: 0.5,
      metadata: { run: "e2e" },
    });
    expect(lastSeen()).toMatchObject({
      model: "gpt-test",
      instructions: [{ role: "system", parts: [{ type: "text", text: "Be kind." }] }],
      messages: [{ role: "user", parts: [{ type: "text", text: "hello" }] }],
      temperature: 0.5,
      metadata: { run: "e2e" },
    });
    expect(response.output_text).toBe("You said: hello (1 messages)");
    expect(response).toMatchObject({
      object: "response",
      status: "completed",
      model: "gpt-test",
      instructions: "Be kind.",
      temperature: 0.5,
      metadata: { run: "e2e" },
      usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
    });
    expect(response).not.toHaveProperty("service_tier");
  });

  it("responses.stream(...).finalResponse() assembles the streamed response", async () => {
    const stream = client.responses.stream({ model: "gpt-test", input: "streaming", service_tier: "flex" });
    const deltas: string[] = [];
    const sequence: number[] = [];
    stream.on("response.output_text.delta", (event) => deltas.push(event.delta));
    stream.on("event", (event) => sequence.push(event.sequence_number));
    const final = await stream.finalResponse();
    expect(lastSeen()).toMatchObject({ stream: true, serviceTier: "flex" });
    expect(final.output_text).toBe("You said: streaming (1 messages)");
    expect(deltas.join("")).toBe(final.output_text);
    expect(sequence).toEqual(sequence.map((_number, index) => index));
    expect(final.status).toBe("completed");
    expect(final.service_tier).toBe("flex");
  });

  it("runs a two-turn function-calling exchange over previous_response_id", async () => {
    const first = await client.responses.create({
      model: "gpt-test",
      input: "Weather in Paris?",
      instructions: "Use the tools.",
      tools: [weatherTool],
    });
    expect(lastSeen().tools).toEqual([
      {
        type: "function",
        name: "get_weather",
        description: "Current weather",
        inputSchema: weatherTool.parameters,
        strict: true,
      },
    ]);
    const call = first.output.find((item) => item.type === "function_call");
    expect(call).toMatchObject({ type: "function_call", name: "get_weather", arguments: '{"city":"Paris"}' });
    if (call?.type !== "function_call") throw new Error("no function call");

    const second = await client.responses.create({
      model: "gpt-test",
      previous_response_id: first.id,
      input: [{ type: "function_call_output", call_id: call.call_id, output: "sunny" }],
    });
    expect(second.output_text).toBe("The weather is sunny.");
    expect(second.previous_response_id).toBe(first.id);
    const seen = lastSeen();
    expect(seen.previousResponseId).toBeUndefined();
    expect(seen.instructions).toBeUndefined();
    expect(seen.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
    expect(seen.messages[0]!.parts).toMatchObject([{ type: "text", text: "Weather in Paris?" }]);
    expect(seen.messages[1]!.parts[0]).toMatchObject({
      type: "tool-call",
      id: call.call_id,
      name: "get_weather",
      arguments: { city: "Paris" },
    });
    expect(seen.messages[2]!.parts).toMatchObject([
      {
        type: "tool-result",
        callId: call.call_id,
        name: "get_weather",
        content: [{ type: "text", text: "sunny" }],
      },
    ]);
  });

  it("streams both turns of a function-calling exchange, arguments as deltas", async () => {
    const firstStream = client.responses.stream({
      model: "gpt-test",
      input: "Weather?",
      tools: [weatherTool],
    });
    const argumentDeltas: string[] = [];
    firstStream.on("response.function_call_arguments.delta", (event) => argumentDeltas.push(event.delta));
    const first = await firstStream.finalResponse();
    const call = first.output.find((item) => item.type === "function_call");
    if (call?.type !== "function_call") throw new Error("no function call");
    expect(argumentDeltas.join("")).toBe(call.arguments);

    const second = await client.responses
      .stream({
        model: "gpt-test",
        previous_response_id: first.id,
        input: [{ type: "function_call_output", call_id: call.call_id, output: "rainy" }],
      })
      .finalResponse();
    expect(second.output_text).toBe("The weather is rainy.");
    expect(lastSeen().messages.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
  });

  it("streams the second turn of a stored conversation too", async () => {
    const first = await client.responses.create({ model: "gpt-test", input: "one" });
    const final = await client.responses
      .stream({ model: "gpt-test", input: "two", previous_response_id: first.id })
      .finalResponse();
    expect(final.output_text).toBe("You said: two (3 messages)");
  });

  it("stores nothing for store: false, so a later turn cannot continue from it", async () => {
    const first = await client.responses.create({ model: "gpt-test", input: "secret", store: false });
    expect(first.store).toBe(false);
    const attempt = client.responses.create({
      model: "gpt-test",
      input: "more",
      previous_response_id: first.id,
    });
    await expect(attempt).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it("surfaces an unknown previous_response_id as a 404 NotFoundError", async () => {
    const attempt = client.responses.create({
      model: "gpt-test",
      input: "hi",
      previous_response_id: "resp_nope",
    });
    await expect(attempt).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(attempt).rejects.toMatchObject({
      status: 404,
      param: "previous_response_id",
      type: "invalid_request_error",
      error: { message: "Previous response with id 'resp_nope' not found." },
    });
  });

  it("surfaces an invalid request as a 400 BadRequestError naming the field", async () => {
    const attempt = client.responses.create({ model: "gpt-test", input: "hi", temperature: 3 });
    await expect(attempt).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(attempt).rejects.toMatchObject({
      status: 400,
      param: "temperature",
      type: "invalid_request_error",
    });
  });

  it.each([false, true])(
    "answers truncation: disabled over a context the backend cannot fit with the 400 context_length_exceeded (stream: %s)",
    async (stream) => {
      const attempt = client.responses.create({
        model: "gpt-test",
        input: "a very long document [overflow]",
        truncation: "disabled",
        stream,
      });
      await expect(attempt).rejects.toBeInstanceOf(OpenAI.BadRequestError);
      await expect(attempt).rejects.toMatchObject({
        status: 400,
        code: "context_length_exceeded",
        param: "input",
        type: "invalid_request_error",
      });
    },
  );

  it("ends a stream that fails upstream with error then response.failed, never response.completed", async () => {
    const stream = client.responses.stream({ model: "gpt-test", input: "go [fail mid-stream]" });
    await expect(stream.finalResponse()).rejects.toMatchObject({
      message: expect.stringContaining("Overloaded"),
    });

    const raw = await fetch(`${server.url}/v1/responses`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer sk-test" },
      body: JSON.stringify({ model: "gpt-test", input: "go [fail mid-stream]", stream: true }),
    });
    const events = (await collect(decodeJsonEventStream(raw.body!))) as { type: string }[];
    const types = events.map((event) => event.type);
    expect(types).not.toContain("response.completed");
    expect(types.slice(-3)).toEqual(["response.output_item.done", "error", "response.failed"]);
    expect(events.at(-1)).toMatchObject({ response: { status: "failed", error: { code: "server_error" } } });
  });
});

describe("the official openai client when the backend speaks the responses format too", () => {
  let upstream: LocalServer;
  let front: LocalServer;
  const received: Record<string, unknown>[] = [];
  const store = createMemoryResponseStore();

  beforeAll(async () => {
    upstream = await serveFetch(async (request) => {
      received.push((await request.json()) as Record<string, unknown>);
      return new Response(readRecording("reasoning-encrypted-content.response.json"), {
        headers: { "content-type": "application/json" },
      });
    });
    const provider = createResponsesProvider({ baseURL: upstream.url, apiKey: "sk-upstream" });
    front = await serveFetch(createResponsesFront(provider, store));
  });
  afterAll(async () => {
    await front.close();
    await upstream.close();
  });

  it("passes previous_response_id and store through unchanged and stores nothing itself", async () => {
    const passThrough = new OpenAI({ apiKey: "sk-test", baseURL: `${front.url}/v1`, maxRetries: 0 });
    const response = await passThrough.responses.create({
      model: "gpt-5-mini",
      input: "and then?",
      previous_response_id: "resp_known_upstream",
      store: true,
    });
    expect(received.at(-1)).toMatchObject({
      model: "gpt-5-mini",
      input: "and then?",
      previous_response_id: "resp_known_upstream",
      store: true,
    });
    expect(response.output_text).toContain("Final result: 570");
    expect(await store.get(response.id)).toBeUndefined();
  });
});
