import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createResponsesFront } from "./support/responses-front";
import { createScriptedBackend } from "./support/scripted-backend";
import { type LocalServer, serveFetch } from "./support/serve-fetch";

const backend = createScriptedBackend();
let server: LocalServer;
let client: OpenAI;

beforeAll(async () => {
  server = await serveFetch(createResponsesFront(backend));
  client = new OpenAI({ apiKey: "sk-test", baseURL: `${server.url}/v1`, maxRetries: 0 });
});
afterAll(() => server.close());

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
    stream.on("response.output_text.delta", (event) => deltas.push(event.delta));
    const final = await stream.finalResponse();
    expect(final.output_text).toBe("You said: streaming (1 messages)");
    expect(deltas.join("")).toBe(final.output_text);
    expect(final.status).toBe("completed");
    expect(final.service_tier).toBe("flex");
  });

  it("runs a two-turn function-calling exchange over previous_response_id", async () => {
    const first = await client.responses.create({
      model: "gpt-test",
      input: "Weather in Paris?",
      tools: [weatherTool],
    });
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
    const seen = backend.requests[backend.requests.length - 1]!;
    expect(seen.previousResponseId).toBeUndefined();
    expect(seen.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
    expect(seen.messages[1]!.parts[0]).toMatchObject({
      type: "tool-call",
      id: call.call_id,
      name: "get_weather",
    });
  });

  it("streams the second turn of a stored conversation too", async () => {
    const first = await client.responses.create({ model: "gpt-test", input: "one" });
    const final = await client.responses
      .stream({ model: "gpt-test", input: "two", previous_response_id: first.id })
      .finalResponse();
    expect(final.output_text).toBe("You said: two (3 messages)");
  });

  it("surfaces an unknown previous_response_id as a 404 NotFoundError", async () => {
    const attempt = client.responses.create({
      model: "gpt-test",
      input: "hi",
      previous_response_id: "resp_nope",
    });
    await expect(attempt).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(attempt).rejects.toMatchObject({ status: 404, param: "previous_response_id" });
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
});
