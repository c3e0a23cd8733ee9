import { type ChatRequest, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { createChatCompletionsCodec } from "../chat-completions-codec";

const codec = createChatCompletionsCodec();
const request = (model: string, settings: Partial<ChatRequest> = {}): ChatRequest => ({
  model,
  messages: [{ role: "user", parts: [{ type: "text", text: "Hi" }] }],
  ...settings,
});

function encode(value: ChatRequest, families = codec) {
  const context = createConversionContext();
  const body = families.encodeRequest(value, context) as Record<string, unknown>;
  return { body, losses: context.losses.map(({ code, path }) => `${code} ${path}`) };
}

describe("legalizeChatCompletionsRequest", () => {
  it("brings values outside the spec's ranges to the nearest bound, each a loss", () => {
    const { body, losses } = encode(
      request("llama3.2", {
        temperature: 3,
        topP: 1.5,
        presencePenalty: -4,
        frequencyPenalty: 9,
        topLogprobs: 40,
        candidateCount: 0,
        maxOutputTokens: 0,
      }),
    );
    expect(body).toMatchObject({
      temperature: 2,
      top_p: 1,
      presence_penalty: -2,
      frequency_penalty: 2,
      top_logprobs: 20,
      logprobs: true,
      n: 1,
      max_completion_tokens: 1,
    });
    expect(losses).toEqual([
      "approximated /temperature",
      "approximated /topP",
      "approximated /presencePenalty",
      "approximated /frequencyPenalty",
      "approximated /topLogprobs",
      "approximated /candidateCount",
      "approximated /maxOutputTokens",
    ]);
  });

  it("keeps at most four stop sequences", () => {
    const { body, losses } = encode(request("llama3.2", { stopSequences: ["a", "b", "c", "d", "e"] }));
    expect(body.stop).toEqual(["a", "b", "c", "d"]);
    expect(losses).toEqual(["dropped /stopSequences/4"]);
  });

  it("sends an OpenAI reasoning model no sampling settings, penalties or logprobs, and its limit as max_completion_tokens", () => {
    const { body, losses } = encode(
      request("o3-mini", {
        temperature: 0.2,
        topP: 0.5,
        presencePenalty: 1,
        logprobs: true,
        maxOutputTokens: 100,
        reasoning: { effort: "minimal" },
        extensions: { "chat-completions": { maxTokensField: "max_tokens" } },
      }),
    );
    expect(body).toMatchObject({ model: "o3-mini", max_completion_tokens: 100, reasoning_effort: "low" });
    for (const field of ["temperature", "top_p", "presence_penalty", "logprobs", "max_tokens"])
      expect(body[field]).toBeUndefined();
    expect(losses).toEqual([
      "dropped /temperature",
      "dropped /topP",
      "dropped /presencePenalty",
      "dropped /logprobs",
      "approximated /reasoning",
    ]);
  });

  it("lets gpt-5.1 and later sample with effort none only", () => {
    expect(
      encode(request("gpt-5.2", { temperature: 0.3, reasoning: { effort: "none" } })).body.temperature,
    ).toBe(0.3);
    expect(
      encode(request("gpt-5.2", { temperature: 0.3, reasoning: { effort: "high" } })).body.temperature,
    ).toBeUndefined();
  });

  it("sends no reasoning effort to a model that takes none", () => {
    const { body, losses } = encode(request("gpt-4o", { reasoning: { effort: "high" } }));
    expect(body.reasoning_effort).toBeUndefined();
    expect(losses).toEqual(["dropped /reasoning"]);
  });

  it("sends deepseek-reasoner none of the settings it ignores or refuses", () => {
    const { body, losses } = encode(request("deepseek-reasoner", { temperature: 0.7, topLogprobs: 2 }));
    expect(body.temperature).toBeUndefined();
    expect(body.top_logprobs).toBeUndefined();
    expect(body.logprobs).toBeUndefined();
    expect(losses).toEqual(["dropped /temperature", "dropped /logprobs", "dropped /topLogprobs"]);
  });

  it("knows the model families a deployment names, before the built-in ones", () => {
    const house = createChatCompletionsCodec({
      modelFamilies: [
        { name: "house reasoner", pattern: /^house-r/, reasoningEffort: true, unsupported: ["temperature"] },
      ],
    });
    const { body, losses } = encode(
      request("house-r1", { temperature: 0.4, reasoning: { effort: "high" } }),
      house,
    );
    expect(body).toMatchObject({ reasoning_effort: "high" });
    expect(body.temperature).toBeUndefined();
    expect(losses).toEqual(["dropped /temperature"]);
  });
});

describe("decodeChatCompletionsRequest", () => {
  it("refuses what the API refuses across fields, naming the field", () => {
    const body = { model: "gpt-4.1", messages: [{ role: "user", content: "Hi" }] };
    for (const [extra, param] of [
      [{ stream_options: { include_usage: true } }, "stream_options"],
      [{ top_logprobs: 2 }, "top_logprobs"],
      [{ temperature: 2.5 }, "temperature"],
      [{ messages: [] }, "messages"],
    ] as const)
      expect(() => codec.decodeRequest({ ...body, ...extra }, createConversionContext())).toThrow(
        expect.objectContaining({ kind: "invalid_request", param }),
      );
  });

  it("sends another format's service tier as one of the spec's, or not at all", () => {
    expect(encode(request("gpt-4o", { serviceTier: "standard_only" }))).toMatchObject({
      body: { service_tier: "default" },
      losses: ["approximated /serviceTier"],
    });
    const other = encode(request("gpt-4o", { serviceTier: "batch" }));
    expect(other.body).not.toHaveProperty("service_tier");
    expect(other.losses).toEqual(["dropped /serviceTier"]);
  });

  it("sends the messages effort max as the nearest a family takes", () => {
    expect(encode(request("gpt-5", { reasoning: { effort: "max" } })).body.reasoning_effort).toBe("high");
    expect(encode(request("gpt-5.2", { reasoning: { effort: "max" } })).body.reasoning_effort).toBe("xhigh");
  });

  it("renames function names the API refuses, and names them back in the answer", () => {
    const context = createConversionContext();
    const tool = { type: "function" as const, name: "ns.lookup", inputSchema: { type: "object" } };
    const body = codec.encodeRequest(request("gpt-4o", { tools: [tool] }), context) as {
      tools: { function: { name: string } }[];
    };
    const sent = body.tools[0]!.function.name;
    expect(sent).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    const answer = codec.decodeResponse(
      {
        id: "chatcmpl-1",
        object: "chat.completion",
        created: 1,
        model: "gpt-4o",
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: null,
              refusal: null,
              tool_calls: [{ id: "call_1", type: "function", function: { name: sent, arguments: "{}" } }],
            },
            logprobs: null,
            finish_reason: "tool_calls",
          },
        ],
      },
      context,
    );
    expect(answer.parts).toContainEqual(expect.objectContaining({ type: "tool-call", name: "ns.lookup" }));
  });
});
