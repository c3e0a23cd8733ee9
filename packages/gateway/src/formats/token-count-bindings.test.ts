import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateContentTokenCount } from "./generate-content-token-count";
import { messagesTokenCount } from "./messages-token-count";
import { responsesTokenCount } from "./responses-token-count";

const accepted = {
  messages: [
    "model",
    "messages",
    "system",
    "tools",
    "tool_choice",
    "thinking",
    "output_config",
    "cache_control",
  ],
  responses: [
    "model",
    "input",
    "previous_response_id",
    "tools",
    "text",
    "reasoning",
    "truncation",
    "instructions",
    "conversation",
    "tool_choice",
    "parallel_tool_calls",
  ],
};

describe("token-count bindings", () => {
  it("shape a chat body into a counting body of only the fields the endpoint accepts, values unchanged", () => {
    const field = fc.oneof(
      fc.constantFrom(
        ...accepted.messages,
        ...accepted.responses,
        "max_tokens",
        "stream",
        "store",
        "temperature",
      ),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.dictionary(field, fc.jsonValue()), (body) => {
        for (const [binding, fields] of [
          [messagesTokenCount, accepted.messages],
          [responsesTokenCount, accepted.responses],
        ] as const) {
          const counted = binding.fromChatBody(body) as Record<string, unknown>;
          for (const [name, value] of Object.entries(counted)) {
            expect(fields).toContain(name);
            expect(value).toBe(body[name]);
          }
          for (const name of fields) if (body[name] !== undefined) expect(counted[name]).toBe(body[name]);
        }
      }),
    );
  });

  it("read a count only where the answer has a non-negative integer in the endpoint's field", () => {
    expect(messagesTokenCount.readCount({ input_tokens: 7 })).toBe(7);
    expect(responsesTokenCount.readCount({ object: "response.input_tokens", input_tokens: 0 })).toBe(0);
    expect(generateContentTokenCount.readCount({ totalTokens: 12 })).toBe(12);
    // A protocol-buffer answer leaves a zero out.
    expect(generateContentTokenCount.readCount({})).toBe(0);
    for (const bad of [{ input_tokens: -1 }, { input_tokens: 1.5 }, { input_tokens: "3" }, {}, null, []])
      expect(() => messagesTokenCount.readCount(bad)).toThrow(expect.objectContaining({ status: 502 }));
    expect(() => generateContentTokenCount.readCount({ totalTokens: "9" })).toThrow();
    expect(() => generateContentTokenCount.readCount("9")).toThrow();
  });

  it("give a messages count body an output budget above its thinking budget, and keep a caller's own", () => {
    const body = { model: "m", messages: [], thinking: { type: "enabled", budget_tokens: 4096 } };
    expect(messagesTokenCount.toChatBody(body)).toMatchObject({ max_tokens: 4097 });
    expect(messagesTokenCount.toChatBody({ ...body, max_tokens: 9000 })).toMatchObject({ max_tokens: 9000 });
    expect(() => messagesTokenCount.toChatBody("text")).toThrow(
      expect.objectContaining({ kind: "invalid_request" }),
    );
  });

  it("match each format's counting path and nothing else", () => {
    const url = (path: string) => new URL(`http://g.test${path}`);
    expect(messagesTokenCount.match(url("/v1/messages/count_tokens"))).toEqual({});
    expect(messagesTokenCount.match(url("/v1/messages"))).toBeUndefined();
    expect(generateContentTokenCount.match(url("/v1beta/models/models%2Fgemini-x:countTokens"))).toEqual({
      model: "gemini-x",
    });
    expect(generateContentTokenCount.match(url("/v1beta/models/gemini-x:generateContent"))).toBeUndefined();
    expect(() => generateContentTokenCount.match(url("/v1beta/models/:countTokens"))).toThrow(
      expect.objectContaining({ param: "model" }),
    );
    expect(() => generateContentTokenCount.match(url("/v1beta/models/%ZZ:countTokens"))).toThrow(
      expect.objectContaining({ kind: "invalid_request" }),
    );
    expect(responsesTokenCount.match(url("/openai/v1/responses/input_tokens"))).toEqual({});
    expect(responsesTokenCount.match(url("/v1/responses/resp_1"))).toBeUndefined();
  });
});
