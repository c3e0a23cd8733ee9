import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import type { ChatProvider } from "@interlingua/core";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../src/index";
import { type NodeServer, serveNode } from "../src/node";
import { createOpaqueSealer } from "../src/opaque/create-opaque-sealer";
import { type CountingUpstream, createCountingUpstream } from "./support/counting-upstream";
import { textAnswer } from "./support/scenario-answers";

const key = "count-key";
const secret = "count-tokens-test-secret";
const weatherSchema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
const weatherDescription = "The weather in a city.";
let anthropicUpstream: CountingUpstream;
let geminiUpstream: CountingUpstream;
let openaiUpstream: CountingUpstream;
let server: NodeServer;

/** An in-process backend: it has no counting endpoint, so the gateway estimates. */
const local: ChatProvider = {
  id: "local",
  capabilities: { streaming: false },
  generate: async () => textAnswer("Sunny all week."),
  stream: async () => {
    throw new Error("not streamed");
  },
};

beforeAll(async () => {
  anthropicUpstream = await createCountingUpstream("messages", "up-anthropic");
  geminiUpstream = await createCountingUpstream("generate-content", "up-gemini");
  openaiUpstream = await createCountingUpstream("responses", "up-openai");
  const gateway = createGateway({
    auth: { keys: [key] },
    secret,
    providers: {
      anthropic: { type: "messages", baseURL: anthropicUpstream.url, apiKey: "up-anthropic" },
      gemini: { type: "generate-content", baseURL: geminiUpstream.url, apiKey: "up-gemini" },
      openai: { type: "responses", baseURL: openaiUpstream.url, apiKey: "up-openai" },
      local,
    },
    routes: [
      { model: "claude-house", provider: "anthropic", upstreamModel: "claude-sonnet-4-5" },
      { model: "gemini-*", provider: "gemini" },
      { model: "gpt-*", provider: "openai" },
      { model: "local-*", provider: "local" },
    ],
  });
  server = await serveNode(gateway);
});
afterAll(async () => {
  await server.close();
  await Promise.all([anthropicUpstream.close(), geminiUpstream.close(), openaiUpstream.close()]);
});

/** The o200k_base count of the text the gateway reads from a request, piece by piece as listed. */
const expectedEstimate = (...pieces: string[]) =>
  countTokens(pieces.join("\n"), { disallowedSpecial: new Set() });

describe("@anthropic-ai/sdk messages.countTokens", () => {
  const client = () => new Anthropic({ baseURL: server.url, apiKey: key, maxRetries: 0 });
  const params = {
    system: "Be brief.",
    messages: [{ role: "user" as const, content: "What is the weather in Paris?" }],
    tools: [
      {
        name: "get_weather",
        description: weatherDescription,
        input_schema: weatherSchema as Anthropic.Tool.InputSchema,
      },
    ],
  };

  it("same format: the body goes to the backend's count_tokens as it came, model renamed, key swapped", async () => {
    const { data, response } = await client()
      .messages.countTokens({ ...params, model: "claude-house" })
      .withResponse();
    const call = anthropicUpstream.calls.at(-1)!;
    expect(call.body).toEqual({ ...params, model: "claude-sonnet-4-5" });
    expect(call.headers.get("x-api-key")).toBe("up-anthropic");
    expect(call.headers.get("authorization")).toBeNull();
    expect(data.input_tokens).toBe(call.count);
    expect(response.headers.get("x-interlingua-token-count")).toBe("upstream");
  });

  it("a generate-content backend: the request converted to a generateContentRequest, its count answered as input_tokens", async () => {
    const data = await client().messages.countTokens({ ...params, model: "gemini-2.5-flash" });
    const call = geminiUpstream.calls.at(-1)!;
    expect(call.url.pathname).toBe("/v1beta/models/gemini-2.5-flash:countTokens");
    expect(call.headers.get("x-goog-api-key")).toBe("up-gemini");
    const whole = call.body.generateContentRequest as Record<string, unknown>;
    expect(whole).toMatchObject({
      model: "models/gemini-2.5-flash",
      systemInstruction: { parts: [{ text: "Be brief." }] },
      contents: [{ role: "user", parts: [{ text: "What is the weather in Paris?" }] }],
      tools: [{ functionDeclarations: [{ name: "get_weather", description: weatherDescription }] }],
    });
    // The output budget the chat body needs is no part of a count.
    expect(JSON.stringify(whole)).not.toContain("maxOutputTokens");
    expect(data).toEqual({ input_tokens: call.count });
  });

  it("a responses backend: only what input_tokens accepts goes upstream", async () => {
    const data = await client().messages.countTokens({ ...params, model: "gpt-5" });
    const call = openaiUpstream.calls.at(-1)!;
    expect(call.headers.get("authorization")).toBe("Bearer up-openai");
    expect(call.body).toMatchObject({
      model: "gpt-5",
      instructions: "Be brief.",
      tools: [{ type: "function", name: "get_weather", description: weatherDescription }],
    });
    expect(JSON.stringify(call.body.input)).toContain("What is the weather in Paris?");
    expect(call.body).not.toHaveProperty("max_output_tokens");
    expect(call.body).not.toHaveProperty("store");
    expect(data).toEqual({ input_tokens: call.count });
  });

  it("an in-process backend: a tokenizer estimate over instructions, messages and tools, marked as one", async () => {
    const { data, response } = await client()
      .messages.countTokens({ ...params, model: "local-small" })
      .withResponse();
    expect(response.headers.get("x-interlingua-token-count")).toBe("estimate");
    expect(data.input_tokens).toBe(
      expectedEstimate(
        "Be brief.",
        "What is the weather in Paris?",
        "get_weather",
        weatherDescription,
        JSON.stringify(weatherSchema),
      ),
    );
  });

  it("errors in the messages shape: a bad key, an unknown model, a bad body, an upstream's refusal", async () => {
    await expect(
      new Anthropic({ baseURL: server.url, apiKey: "wrong", maxRetries: 0 }).messages.countTokens({
        ...params,
        model: "claude-house",
      }),
    ).rejects.toMatchObject({
      status: 401,
      error: { type: "error", error: { type: "authentication_error" } },
    });
    await expect(client().messages.countTokens({ ...params, model: "llama-3" })).rejects.toMatchObject({
      status: 404,
      error: { error: { type: "not_found_error" } },
    });
    await expect(
      client().messages.countTokens({ model: "claude-house", messages: [] } as never),
    ).rejects.toMatchObject({ status: 400, error: { error: { type: "invalid_request_error" } } });
    geminiUpstream.answerNextWith({
      status: 429,
      body: JSON.stringify({
        error: { code: 429, message: "Quota exceeded.", status: "RESOURCE_EXHAUSTED" },
      }),
    });
    await expect(
      client().messages.countTokens({ ...params, model: "gemini-2.5-flash" }),
    ).rejects.toMatchObject({
      status: 429,
      error: { error: { type: "rate_limit_error" } },
    });
  });
});

describe("@google/genai models.countTokens", () => {
  const client = (apiKey = key) =>
    new GoogleGenAI({ apiKey, httpOptions: { baseUrl: server.url, retryOptions: { attempts: 1 } } });

  it("same format: authenticated by x-goog-api-key like generateContent, the body passed through", async () => {
    const result = await client().models.countTokens({
      model: "gemini-2.5-flash",
      contents: "What is the weather in Paris?",
    });
    const call = geminiUpstream.calls.at(-1)!;
    expect(call.url.pathname).toBe("/v1beta/models/gemini-2.5-flash:countTokens");
    expect(call.body).toEqual({
      contents: [{ role: "user", parts: [{ text: "What is the weather in Paris?" }] }],
    });
    expect(call.headers.get("x-goog-api-key")).toBe("up-gemini");
    expect(result.totalTokens).toBe(call.count);
    expect(result.sdkHttpResponse?.headers?.["x-interlingua-token-count"]).toBe("upstream");
  });

  it("a messages backend: the count of the converted request as totalTokens", async () => {
    const result = await client().models.countTokens({
      model: "claude-house",
      contents: "What is the weather in Paris?",
    });
    const call = anthropicUpstream.calls.at(-1)!;
    expect(call.body).toEqual({
      model: "claude-sonnet-4-5",
      messages: [{ role: "user", content: [{ type: "text", text: "What is the weather in Paris?" }] }],
    });
    expect(result.totalTokens).toBe(call.count);
  });

  it("a responses backend, and an estimate for an in-process one", async () => {
    const counted = await client().models.countTokens({ model: "gpt-5", contents: "Hello there" });
    expect(counted.totalTokens).toBe(openaiUpstream.calls.at(-1)!.count);
    const estimated = await client().models.countTokens({ model: "local-small", contents: "Hello there" });
    expect(estimated.totalTokens).toBe(expectedEstimate("Hello there"));
    expect(estimated.sdkHttpResponse?.headers?.["x-interlingua-token-count"]).toBe("estimate");
  });

  it("a wrong key or an unknown model is refused in the generate-content shape", async () => {
    await expect(
      client("wrong").models.countTokens({ model: "gemini-2.5-flash", contents: "hi" }),
    ).rejects.toMatchObject({ status: 401 });
    await expect(client().models.countTokens({ model: "llama-3", contents: "hi" })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("openai responses.inputTokens.count", () => {
  const client = (apiKey = key) => new OpenAI({ baseURL: `${server.url}/v1`, apiKey, maxRetries: 0 });
  const params = {
    instructions: "Be brief.",
    input: "What is the weather in Paris?",
    tools: [
      {
        type: "function" as const,
        name: "get_weather",
        description: weatherDescription,
        parameters: weatherSchema,
        strict: false,
      },
    ],
  };

  it("same format: the body goes to the backend's input_tokens as it came, model renamed", async () => {
    const { data, response } = await client()
      .responses.inputTokens.count({ ...params, model: "gpt-5" })
      .withResponse();
    const call = openaiUpstream.calls.at(-1)!;
    expect(call.body).toEqual({ ...params, model: "gpt-5" });
    expect(call.headers.get("authorization")).toBe("Bearer up-openai");
    expect(data).toEqual({ object: "response.input_tokens", input_tokens: call.count });
    expect(response.headers.get("x-interlingua-token-count")).toBe("upstream");
  });

  it("a messages backend and a generate-content backend count the converted request", async () => {
    const viaMessages = await client().responses.inputTokens.count({ ...params, model: "claude-house" });
    const messagesCall = anthropicUpstream.calls.at(-1)!;
    expect(messagesCall.body).toMatchObject({
      model: "claude-sonnet-4-5",
      system: [{ type: "text", text: "Be brief." }],
      tools: [{ name: "get_weather", description: weatherDescription, input_schema: weatherSchema }],
    });
    expect(viaMessages).toEqual({ object: "response.input_tokens", input_tokens: messagesCall.count });
    const viaGemini = await client().responses.inputTokens.count({ ...params, model: "gemini-2.5-pro" });
    expect(viaGemini.input_tokens).toBe(geminiUpstream.calls.at(-1)!.count);
  });

  it("an in-process backend: an estimate, marked as one", async () => {
    const { data, response } = await client()
      .responses.inputTokens.count({ ...params, model: "local-small" })
      .withResponse();
    expect(response.headers.get("x-interlingua-token-count")).toBe("estimate");
    expect(data.input_tokens).toBe(
      expectedEstimate(
        "Be brief.",
        "What is the weather in Paris?",
        "get_weather",
        weatherDescription,
        JSON.stringify(weatherSchema),
      ),
    );
  });

  it("previous_response_id over another format's backend: the stored conversation is counted too", async () => {
    const first = await client().responses.create({ model: "local-small", input: "Weather in Paris?" });
    const data = await client().responses.inputTokens.count({
      model: "local-small",
      previous_response_id: first.id,
      input: "And in Rome?",
    });
    expect(data.input_tokens).toBe(expectedEstimate("Weather in Paris?", "Sunny all week.", "And in Rome?"));
    await expect(
      client().responses.inputTokens.count({
        model: "local-small",
        previous_response_id: "resp_unknown",
        input: "Hi",
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("errors in the responses shape: a bad key, no model, an unknown model, a same-format upstream refusal", async () => {
    await expect(
      client("wrong").responses.inputTokens.count({ ...params, model: "gpt-5" }),
    ).rejects.toMatchObject({
      status: 401,
    });
    await expect(client().responses.inputTokens.count(params)).rejects.toMatchObject({
      status: 400,
      param: "model",
    });
    await expect(client().responses.inputTokens.count({ ...params, model: "llama-3" })).rejects.toMatchObject(
      {
        status: 404,
      },
    );
    const refusal = {
      error: {
        message: "Unknown parameter: 'x'.",
        type: "invalid_request_error",
        param: "x",
        code: "unknown_parameter",
      },
    };
    openaiUpstream.answerNextWith({ status: 400, body: JSON.stringify(refusal) });
    await expect(client().responses.inputTokens.count({ ...params, model: "gpt-5" })).rejects.toMatchObject({
      status: 400,
      error: refusal.error,
    });
  });
});

describe("token counting over plain HTTP", () => {
  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const anthropicHeaders = { "x-api-key": key, "anthropic-version": "2023-06-01" };

  it("answers 405 with Allow: POST in the caller's shape to any other method", async () => {
    const messages = await fetch(`${server.url}/v1/messages/count_tokens`, { headers: anthropicHeaders });
    expect(messages.status).toBe(405);
    expect(messages.headers.get("allow")).toBe("POST");
    expect(await messages.json()).toMatchObject({ type: "error", error: { type: expect.any(String) } });
    const responses = await fetch(`${server.url}/v1/responses/input_tokens`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(responses.status).toBe(405);
    expect(await responses.json()).toMatchObject({ error: { message: expect.stringContaining("POST") } });
  });

  it("generate-content: ?key= authenticates, /v1/ is served, a generateContentRequest carries system and tools", async () => {
    const response = await post(
      `/v1/models/gemini-2.5-flash:countTokens?key=${key}`,
      { contents: [{ role: "user", parts: [{ text: "Hi" }] }] },
      {},
    );
    expect(response.status).toBe(200);
    expect((await response.json()).totalTokens).toBe(geminiUpstream.calls.at(-1)!.count);
    const whole = {
      model: "models/claude-house",
      systemInstruction: { parts: [{ text: "Be brief." }] },
      contents: [{ role: "user", parts: [{ text: "Weather in Paris?" }] }],
      tools: [{ functionDeclarations: [{ name: "get_weather", parameters: weatherSchema }] }],
    };
    const converted = await post(
      "/v1beta/models/claude-house:countTokens",
      { generateContentRequest: whole },
      { "x-goog-api-key": key },
    );
    expect(converted.status).toBe(200);
    expect(anthropicUpstream.calls.at(-1)!.body).toMatchObject({
      model: "claude-sonnet-4-5",
      system: [{ type: "text", text: "Be brief." }],
      tools: [{ name: "get_weather" }],
    });
    const passed = await post(
      "/v1beta/models/gemini-2.5-flash:countTokens",
      { generateContentRequest: { ...whole, model: "models/gemini-2.5-flash" } },
      { "x-goog-api-key": key },
    );
    expect(passed.status).toBe(200);
    expect(geminiUpstream.calls.at(-1)!.body).toEqual({
      generateContentRequest: { ...whole, model: "models/gemini-2.5-flash" },
    });
    const both = await post(
      "/v1beta/models/claude-house:countTokens",
      { contents: whole.contents, generateContentRequest: whole },
      { "x-goog-api-key": key },
    );
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT" } });
  });

  it("messages: thinking without max_tokens is a count body; betas go upstream on a pass-through", async () => {
    const thinking = {
      model: "gemini-2.5-pro",
      thinking: { type: "enabled", budget_tokens: 2048 },
      messages: [{ role: "user", content: "Think." }],
    };
    const converted = await post("/v1/messages/count_tokens", thinking, anthropicHeaders);
    expect(converted.status).toBe(200);
    expect(await converted.json()).toEqual({ input_tokens: geminiUpstream.calls.at(-1)!.count });
    const beta = await post(
      "/v1/messages/count_tokens?beta=true",
      { ...thinking, model: "claude-house" },
      { ...anthropicHeaders, "anthropic-beta": "token-efficient-tools-2025-02-19" },
    );
    expect(beta.status).toBe(200);
    const call = anthropicUpstream.calls.at(-1)!;
    expect(call.headers.get("anthropic-beta")).toBe("token-efficient-tools-2025-02-19");
    expect(call.body).toEqual({ ...thinking, model: "claude-sonnet-4-5" });
  });

  it("a strict caller's count over a messages backend: no loss for the output budget a count never asks", async () => {
    const response = await post(
      "/v1/responses/input_tokens",
      { model: "claude-house", input: "Hi" },
      { authorization: `Bearer ${key}`, "x-interlingua-strict": "1" },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("x-interlingua-losses")).toBe("0");
    const lossy = await post(
      "/v1/responses/input_tokens",
      { model: "claude-house", input: "Hi", text: { format: { type: "json_object" } } },
      { authorization: `Bearer ${key}`, "x-interlingua-strict": "1" },
    );
    expect(lossy.status).toBe(400);
  });

  it("a body with state the gateway sealed is opened, not passed through, even to the same format", async () => {
    const sealed = await createOpaqueSealer(secret).sealCallId("toolu_01", {
      format: "generate-content",
      data: "sig",
    });
    const response = await post(
      "/v1/messages/count_tokens",
      {
        model: "claude-house",
        messages: [
          { role: "user", content: "Weather?" },
          { role: "assistant", content: [{ type: "tool_use", id: sealed, name: "get_weather", input: {} }] },
          { role: "user", content: [{ type: "tool_result", tool_use_id: sealed, content: "Sunny" }] },
        ],
      },
      anthropicHeaders,
    );
    expect(response.status).toBe(200);
    const body = JSON.stringify(anthropicUpstream.calls.at(-1)!.body);
    expect(body).toContain('"toolu_01"');
    expect(body).not.toContain("ilc1_");
  });

  it("a body that is not JSON, or not an object, is a 400 in the caller's shape", async () => {
    const notJson = await post("/v1/responses/input_tokens", "{", { authorization: `Bearer ${key}` });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    const array = await post("/v1/messages/count_tokens", [], anthropicHeaders);
    expect(array.status).toBe(400);
    expect(await array.json()).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
  });

  it("an upstream answer that is not a count is never a count: a 502 in the caller's shape", async () => {
    anthropicUpstream.answerNextWith({ status: 200, body: JSON.stringify({ tokens: 3 }) });
    const noCount = await post(
      "/v1/messages/count_tokens",
      { model: "claude-house", messages: [{ role: "user", content: "Hi" }] },
      anthropicHeaders,
    );
    expect(noCount.status).toBe(502);
    expect(await noCount.json()).toMatchObject({ type: "error", error: { type: "api_error" } });
    geminiUpstream.answerNextWith({
      status: 502,
      body: "<html>Bad gateway</html>",
      contentType: "text/html",
    });
    const html = await post(
      "/v1/responses/input_tokens",
      { model: "gemini-2.5-flash", input: "Hi" },
      { authorization: `Bearer ${key}` },
    );
    expect(html.status).toBe(502);
    expect(await html.json()).toMatchObject({
      error: { type: expect.any(String), message: expect.any(String) },
    });
    openaiUpstream.answerNextWith({ status: 200, body: '{"object":"response.input_tokens","input_tok' });
    const cut = await post(
      "/v1/responses/input_tokens",
      { model: "gpt-5", input: "Hi" },
      { authorization: `Bearer ${key}` },
    );
    expect(cut.status).toBe(502);
  });

  it("an upstream that refuses the gateway's own key is a 502, never the caller's 401", async () => {
    openaiUpstream.answerNextWith({
      status: 401,
      body: JSON.stringify({
        error: { message: "Incorrect API key", type: "invalid_request_error", code: "invalid_api_key" },
      }),
    });
    const response = await post(
      "/v1/messages/count_tokens",
      { model: "gpt-5", messages: [{ role: "user", content: "Hi" }] },
      anthropicHeaders,
    );
    expect(response.status).toBe(502);
    expect(JSON.stringify(await response.json())).not.toContain("up-openai");
  });
});
