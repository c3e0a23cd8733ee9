import { accumulate, CanonicalError, collect, findEventSequenceProblems } from "@interlingua/core";
import { type LocalServer, serveFetch, testChatProvider } from "@interlingua/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFixtures, readRecording } from "../../test/support/recordings";
import { createChatCompletionsProvider } from "./create-chat-completions-provider";

interface Seen {
  path: string;
  headers: Headers;
  body: Record<string, unknown>;
}

const seen: Seen[] = [];
let upstream: LocalServer;

const errorBody = (message: string, param: string | null = null) =>
  JSON.stringify({ error: { message, type: "invalid_request_error", param, code: null } });

/** The stream fixture of an OpenAI answer, framed as the API sends it (`data:` lines, `[DONE]`). */
const sseOf = (events: unknown[]) =>
  `${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("")}data: [DONE]\n\n`;
const textStream = readFixtures("streams").find(({ name }) => name === "text-include-usage.json")!
  .value as unknown[];

beforeAll(async () => {
  upstream = await serveFetch(async (request) => {
    const path = new URL(request.url).pathname;
    const body = (await request.json()) as Record<string, unknown>;
    seen.push({ path, headers: request.headers, body });
    // What the OpenAI API refuses, refused here the same way.
    if (request.headers.get("authorization") !== "Bearer good-key" && body.model !== "local-model")
      return new Response(readRecording("error-invalid-api-key.401.json"), { status: 401 });
    if (!Array.isArray(body.messages) || body.messages.length === 0)
      return new Response(errorBody("[] is too short - 'messages'", "messages"), { status: 400 });
    if (body.stream_options !== undefined && body.stream !== true)
      return new Response(
        errorBody(
          "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
          "stream_options",
        ),
        { status: 400 },
      );
    if (/^o\d/.test(String(body.model)) && body.max_tokens !== undefined)
      return new Response(
        errorBody(
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          "max_tokens",
        ),
        { status: 400 },
      );
    if (body.model === "busy")
      return new Response(
        JSON.stringify({
          error: {
            message: "Rate limit reached",
            type: "requests",
            param: null,
            code: "rate_limit_exceeded",
          },
        }),
        {
          status: 429,
          headers: { "retry-after": "3" },
        },
      );
    if (body.stream)
      return new Response(sseOf(textStream), { headers: { "content-type": "text/event-stream" } });
    return new Response(
      JSON.stringify(
        readFixtures("responses").find(({ name }) => name === "parallel-tool-calls.json")!.value,
      ),
      {
        headers: { "content-type": "application/json" },
      },
    );
  });
});
afterAll(() => upstream.close());

const question = (model: string) => ({
  model,
  messages: [
    { role: "user" as const, parts: [{ type: "text" as const, text: "Weather in Paris and Lyon?" }] },
  ],
});

testChatProvider(
  "chat-completions",
  () => createChatCompletionsProvider({ baseURL: upstream.url, apiKey: "good-key" }),
  {
    failingRequest: question("busy"),
  },
);

describe("createChatCompletionsProvider", () => {
  it("posts to /v1/chat/completions under a bare base URL and decodes the answer", async () => {
    const provider = createChatCompletionsProvider({
      baseURL: upstream.url,
      apiKey: "good-key",
      headers: { "x-title": "interlingua" },
    });
    const response = await provider.generate(question("gpt-4.1"));
    const call = seen.at(-1)!;
    expect(call.path).toBe("/v1/chat/completions");
    expect(call.headers.get("x-title")).toBe("interlingua");
    expect(call.body).toEqual({
      model: "gpt-4.1",
      messages: [{ role: "user", content: "Weather in Paris and Lyon?" }],
    });
    expect(response.finishReason).toEqual({ reason: "tool_calls", raw: "tool_calls" });
    expect(response.parts.map((part) => part.type)).toEqual(["tool-call", "tool-call"]);
  });

  it("posts to /chat/completions under a base URL that ends with its version, or to the path it is given", async () => {
    await createChatCompletionsProvider({ baseURL: `${upstream.url}/api/v1`, apiKey: "good-key" }).generate(
      question("m"),
    );
    expect(seen.at(-1)!.path).toBe("/api/v1/chat/completions");
    await createChatCompletionsProvider({
      baseURL: upstream.url,
      apiKey: "good-key",
      path: "/openai/deployments/d1/chat/completions",
    }).generate(question("m"));
    expect(seen.at(-1)!.path).toBe("/openai/deployments/d1/chat/completions");
  });

  it("sends no Authorization header with an empty key (a local server)", async () => {
    await createChatCompletionsProvider({ baseURL: upstream.url, apiKey: "" }).generate(
      question("local-model"),
    );
    expect(seen.at(-1)!.headers.has("authorization")).toBe(false);
  });

  it("streams with include_usage, and the usage of the last chunk arrives", async () => {
    const provider = createChatCompletionsProvider({ baseURL: upstream.url, apiKey: "good-key" });
    const events = await collect(await provider.stream(question("gpt-4o")));
    expect(seen.at(-1)!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(findEventSequenceProblems(events)).toEqual([]);
    const response = await accumulate(events);
    expect(response.parts).toEqual([{ type: "text", text: "The Seine, the Loire and the Rhône." }]);
    expect(response.usage).toMatchObject({ inputTokens: 19, outputTokens: 10, totalTokens: 29 });
  });

  it("makes requests legal for the model: an o-series model gets max_completion_tokens", async () => {
    const provider = createChatCompletionsProvider({
      baseURL: upstream.url,
      apiKey: "good-key",
      dialect: "vllm",
    });
    await provider.generate({ ...question("o4-mini"), maxOutputTokens: 50, temperature: 0.5 });
    expect(seen.at(-1)!.body).toMatchObject({ model: "o4-mini", max_completion_tokens: 50 });
    expect(seen.at(-1)!.body.temperature).toBeUndefined();
  });

  it("encodes earlier reasoning in the provider's dialect", async () => {
    const history = {
      model: "deepseek-reasoner",
      messages: [
        { role: "user" as const, parts: [{ type: "text" as const, text: "9.11 or 9.8?" }] },
        {
          role: "assistant" as const,
          parts: [
            { type: "reasoning" as const, text: "0.11 < 0.8" },
            { type: "text" as const, text: "9.8" },
          ],
        },
        { role: "user" as const, parts: [{ type: "text" as const, text: "Sure?" }] },
      ],
    };
    await createChatCompletionsProvider({
      baseURL: upstream.url,
      apiKey: "good-key",
      dialect: "deepseek",
    }).generate(history);
    expect((seen.at(-1)!.body.messages as unknown[])[1]).toEqual({
      role: "assistant",
      reasoning_content: "0.11 < 0.8",
      content: "9.8",
    });
    await createChatCompletionsProvider({
      baseURL: upstream.url,
      apiKey: "good-key",
      dialect: "openrouter",
    }).generate(history);
    expect((seen.at(-1)!.body.messages as unknown[])[1]).toEqual({
      role: "assistant",
      reasoning: "0.11 < 0.8",
      content: "9.8",
    });
  });

  it("maps upstream errors to canonical ones, with retry-after", async () => {
    const failure = await createChatCompletionsProvider({ baseURL: upstream.url, apiKey: "good-key" })
      .generate(question("busy"))
      .catch((error: unknown) => error);
    expect(CanonicalError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      kind: "rate_limit",
      status: 429,
      retryAfter: 3,
      code: "rate_limit_exceeded",
    });
    const denied = await createChatCompletionsProvider({ baseURL: upstream.url, apiKey: "bad" })
      .generate(question("gpt-4o"))
      .catch((error: unknown) => error);
    expect(denied).toMatchObject({ kind: "authentication", status: 401, code: "invalid_api_key" });
  });
});
