import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { createChatCompletionsCodec } from "@interlingua/chat-completions";
import type { ChatEvent } from "@interlingua/core";
import { messagesCodec } from "@interlingua/messages";
import { generateText, jsonSchema, type ModelMessage, streamText, tool } from "ai";
import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGateway } from "../../src/index";
import { type NodeServer, serveNode } from "../../src/node";
import { parallelToolCallAnswer, textAnswer } from "../support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";

// The official openai client's chat.completions and the ai SDK's openai-compatible provider drive
// the gateway's chat-completions front over HTTP on 127.0.0.1, in front of a messages upstream and
// of a chat-completions upstream (vLLM's dialect), both local and refusing what the APIs refuse.

const callerKey = "caller-key-chat-0123456789";
let messagesUpstream: ScriptedUpstream;
let vllmUpstream: ScriptedUpstream;
let server: NodeServer;

beforeAll(async () => {
  messagesUpstream = await createScriptedUpstream(messagesCodec);
  vllmUpstream = await createScriptedUpstream(createChatCompletionsCodec({ dialect: "vllm" }));
  const gateway = createGateway({
    auth: { keys: [callerKey] },
    secret: "chat-completions-sealing-secret-0123",
    providers: {
      anthropic: { type: "messages", baseURL: messagesUpstream.url, apiKey: "upstream-anthropic" },
      vllm: { type: "chat-completions", baseURL: `${vllmUpstream.url}/v1`, apiKey: "", dialect: "vllm" },
    },
    routes: [
      { model: "claude-*", provider: "anthropic" },
      { model: "qwen*", provider: "vllm" },
    ],
  });
  server = await serveNode(gateway);
});
afterAll(async () => {
  await server.close();
  await messagesUpstream.close();
  await vllmUpstream.close();
});
beforeEach(() => {
  messagesUpstream.calls.length = 0;
  vllmUpstream.calls.length = 0;
});

const words = (text: string[]): ChatEvent[] => [
  { type: "response-start", id: "resp_words", model: "upstream-model" },
  { type: "part-start", index: 0, kind: "text" },
  ...text.map((piece): ChatEvent => ({ type: "text-delta", index: 0, text: piece })),
  { type: "part-end", index: 0, part: { type: "text", text: text.join("") } },
  { type: "response-end", finishReason: { reason: "stop" }, usage: { inputTokens: 7, outputTokens: 3 } },
];

const openai = () => new OpenAI({ baseURL: `${server.url}/v1`, apiKey: callerKey, maxRetries: 0 });
const weatherParameters = {
  type: "object",
  properties: { city: { type: "string" } },
  required: ["city"],
};

describe("the openai client's chat.completions", () => {
  for (const model of ["claude-sonnet-4-5", "qwen3-8b"]) {
    const upstream = () => (model.startsWith("claude") ? messagesUpstream : vllmUpstream);

    it(`answers a plain request with usage (${model})`, async () => {
      upstream().answer(() => ({ response: textAnswer("Hello from upstream") }));
      const completion = await openai().chat.completions.create({
        model,
        messages: [{ role: "user", content: "Say hello." }],
      });
      expect(completion.object).toBe("chat.completion");
      expect(completion.choices[0]?.message).toMatchObject({
        role: "assistant",
        content: "Hello from upstream",
      });
      expect(completion.choices[0]?.finish_reason).toBe("stop");
      expect(completion.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 });
    });

    it(`streams, with the usage-only last chunk when include_usage is set, and none when not (${model})`, async () => {
      upstream().answer(() => ({ events: words(["Hel", "lo", "!"]) }));
      const chunks = [];
      const stream = await openai().chat.completions.create({
        model,
        messages: [{ role: "user", content: "Say hello." }],
        stream: true,
        stream_options: { include_usage: true },
      });
      for await (const chunk of stream) chunks.push(chunk);
      expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? "").join("")).toBe("Hello!");
      expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe("stop");
      expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 7, completion_tokens: 3 } });

      // Converted from another format, the stream has no usage chunk unless asked (a chat-completions
      // upstream's own stream goes through as the upstream wrote it).
      if (upstream() === messagesUpstream) {
        const plain = [];
        for await (const chunk of await openai().chat.completions.create({
          model,
          messages: [{ role: "user", content: "Say hello." }],
          stream: true,
        }))
          plain.push(chunk);
        expect(plain.length).toBeGreaterThan(2);
        expect(plain.every((chunk) => chunk.usage === undefined || chunk.usage === null)).toBe(true);
      }
    });

    it(`runs two parallel tool calls over two turns (${model})`, async () => {
      upstream().answer((call) =>
        call.request.messages.some((message) => message.parts.some((part) => part.type === "tool-result"))
          ? { response: textAnswer("Sunny in both.") }
          : { response: parallelToolCallAnswer() },
      );
      const client = openai();
      const tools = [
        { type: "function" as const, function: { name: "get_weather", parameters: weatherParameters } },
      ];
      const question = { role: "user" as const, content: "Weather in Paris and Tokyo?" };
      const first = await client.chat.completions.create({ model, tools, messages: [question] });
      const message = first.choices[0]!.message;
      expect(first.choices[0]?.finish_reason).toBe("tool_calls");
      const calls = (message.tool_calls ?? []).flatMap((call) => (call.type === "function" ? [call] : []));
      expect(calls.map((call) => JSON.parse(call.function.arguments))).toEqual([
        { city: "Paris" },
        { city: "Tokyo" },
      ]);
      const second = await client.chat.completions.create({
        model,
        tools,
        messages: [
          question,
          message,
          ...calls.map((call) => ({ role: "tool" as const, tool_call_id: call.id, content: "Sunny" })),
        ],
      });
      expect(second.choices[0]?.message.content).toBe("Sunny in both.");
      const sent = upstream()
        .calls.at(-1)!
        .request.messages.flatMap((turn) => turn.parts);
      const ids = sent.flatMap((part) => (part.type === "tool-call" ? [part.id] : []));
      const answered = sent.flatMap((part) => (part.type === "tool-result" ? [part.callId] : []));
      expect(ids).toEqual(["call_paris_1", "call_tokyo_2"]);
      expect(answered.sort()).toEqual([...ids].sort());
    });

    it(`serves the stream helpers: content events and a final completion with its tool calls (${model})`, async () => {
      upstream().answer(() => ({ events: words(["Stream", "ed"]) }));
      const seen: string[] = [];
      const runner = openai()
        .chat.completions.stream({ model, messages: [{ role: "user", content: "Say hello." }] })
        .on("content", (delta) => seen.push(delta));
      const final = await runner.finalChatCompletion();
      expect(seen.join("")).toBe("Streamed");
      expect(final.choices[0]?.message.content).toBe("Streamed");

      upstream().answer(() => ({ response: parallelToolCallAnswer() }));
      const tools = [
        { type: "function" as const, function: { name: "get_weather", parameters: weatherParameters } },
      ];
      const withTools = await openai()
        .chat.completions.stream({ model, tools, messages: [{ role: "user", content: "Weather?" }] })
        .finalChatCompletion();
      expect(
        withTools.choices[0]?.message.tool_calls?.map(
          (call) => call.type === "function" && call.function.name,
        ),
      ).toEqual(["get_weather", "get_weather"]);
    });
  }

  it("answers an upstream refusal in the format's error envelope, with its status", async () => {
    const { CanonicalError } = await import("@interlingua/core");
    messagesUpstream.answer(() => ({
      error: new CanonicalError("rate_limit", "Too many requests upstream.", { retryAfter: 3 }),
    }));
    const failure = await openai()
      .chat.completions.create({ model: "claude-sonnet-4-5", messages: [{ role: "user", content: "x" }] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.RateLimitError);
    expect((failure as { error?: unknown }).error).toMatchObject({
      type: "rate_limit_error",
      message: "Too many requests upstream.",
    });
  });

  it("refuses a malformed request as the API does, naming the field, without calling upstream", async () => {
    const failure = await openai()
      .chat.completions.create({ model: "claude-sonnet-4-5", messages: [], temperature: 3 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError);
    expect((failure as { param?: unknown }).param).toBe("messages");
    expect(messagesUpstream.calls).toHaveLength(0);
  });
});

describe("a gateway serving only the chat-completions front", () => {
  it("lists its models at GET /v1/models in the shape the openai client reads", async () => {
    const gateway = createGateway({
      fronts: ["chat-completions"],
      providers: {
        vllm: { type: "chat-completions", baseURL: vllmUpstream.url, apiKey: "", dialect: "vllm" },
      },
      routes: [{ model: "house-model", provider: "vllm", upstreamModel: "qwen3-8b" }],
    });
    const client = new OpenAI({
      baseURL: "http://gateway.in-process/v1",
      apiKey: "any",
      maxRetries: 0,
      fetch: (input, init) => gateway.fetch(new Request(input as RequestInfo, init)),
    });
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(["house-model"]);
    vllmUpstream.answer(() => ({ response: textAnswer("Hi from the house model") }));
    const completion = await client.chat.completions.create({
      model: "house-model",
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(completion.choices[0]?.message.content).toBe("Hi from the house model");
    expect(vllmUpstream.calls.at(-1)?.wire.model).toBe("qwen3-8b");
  });
});

describe("the ai SDK's @ai-sdk/openai-compatible provider", () => {
  const provider = () =>
    createOpenAICompatible({
      name: "gateway",
      baseURL: `${server.url}/v1`,
      apiKey: callerKey,
      includeUsage: true,
    });
  const weather = {
    get_weather: tool({
      description: "Weather in a city",
      inputSchema: jsonSchema(weatherParameters as never),
    }),
  };

  for (const model of ["claude-sonnet-4-5", "qwen3-8b"]) {
    const upstream = () => (model.startsWith("claude") ? messagesUpstream : vllmUpstream);

    it(`generates text with usage (${model})`, async () => {
      upstream().answer(() => ({ response: textAnswer("Hello from upstream") }));
      const result = await generateText({ model: provider()(model), prompt: "Say hello.", maxRetries: 0 });
      expect(result.text).toBe("Hello from upstream");
      expect(result.finishReason).toBe("stop");
      expect(result.usage).toMatchObject({ inputTokens: 12, outputTokens: 5 });
    });

    it(`streams text, and the usage of the last chunk arrives (${model})`, async () => {
      upstream().answer(() => ({ events: words(["Hel", "lo", "!"]) }));
      const result = streamText({ model: provider()(model), prompt: "Say hello.", maxRetries: 0 });
      const deltas: string[] = [];
      for await (const delta of result.textStream) deltas.push(delta);
      expect(deltas.join("")).toBe("Hello!");
      expect(await result.usage).toMatchObject({ inputTokens: 7, outputTokens: 3 });
    });

    it(`runs tools over two turns (${model})`, async () => {
      upstream().answer((call) =>
        call.request.messages.some((message) => message.parts.some((part) => part.type === "tool-result"))
          ? { response: textAnswer("Sunny in both.") }
          : { response: parallelToolCallAnswer() },
      );
      const question: ModelMessage = { role: "user", content: "Weather in Paris and Tokyo?" };
      const first = await generateText({
        model: provider()(model),
        tools: weather,
        messages: [question],
        maxRetries: 0,
      });
      expect(first.toolCalls.map((call) => call.input)).toEqual([{ city: "Paris" }, { city: "Tokyo" }]);
      const second = await generateText({
        model: provider()(model),
        tools: weather,
        maxRetries: 0,
        messages: [
          question,
          ...first.response.messages,
          {
            role: "tool",
            content: first.toolCalls.map((call) => ({
              type: "tool-result" as const,
              toolCallId: call.toolCallId,
              toolName: call.toolName,
              output: { type: "text" as const, value: "Sunny" },
            })),
          },
        ],
      });
      expect(second.text).toBe("Sunny in both.");
    });
  }

  it("reads the reasoning text a backend returns", async () => {
    messagesUpstream.answer(() => ({
      response: {
        ...textAnswer("Forty-two."),
        parts: [
          { type: "reasoning", text: "Thinking it over.", signature: { format: "messages", data: "sig" } },
          { type: "text", text: "Forty-two." },
        ],
      },
    }));
    const result = await generateText({
      model: provider()("claude-sonnet-4-5"),
      prompt: "Think.",
      maxRetries: 0,
    });
    expect(result.reasoningText).toBe("Thinking it over.");
    expect(result.text).toBe("Forty-two.");
  });
});
