import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { decodeMessagesResponse } from "./decode-messages-response";
import { encodeMessagesResponse } from "./encode-messages-response";

const answer = {
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "claude",
  content: [{ type: "text", text: "Hi" }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 3, output_tokens: 9, output_tokens_details: { thinking_tokens: 5 } },
};

describe("encodeMessagesResponse, usage it cannot count", () => {
  it("reports nothing for a messages answer's own thinking tokens, which it gives back", () => {
    const context = createConversionContext();
    const wire = encodeMessagesResponse(decodeMessagesResponse(structuredClone(answer), context), context);
    expect(wire.usage).toEqual(answer.usage);
    expect(context.losses).toEqual([]);
  });

  it("reports another format's reasoning tokens and its own total as dropped", () => {
    const context = createConversionContext();
    encodeMessagesResponse(
      {
        id: "r",
        model: "m",
        parts: [],
        finishReason: { reason: "stop" },
        usage: { inputTokens: 3, outputTokens: 9, reasoningTokens: 5, totalTokens: 14 },
        status: "completed",
      },
      context,
    );
    expect(context.losses.map((loss) => `${loss.code} ${loss.path}`)).toEqual([
      "dropped /usage/reasoningTokens",
      "dropped /usage/totalTokens",
    ]);
  });

  it("reports no total that is the sum of input and output", () => {
    const context = createConversionContext();
    encodeMessagesResponse(
      {
        id: "r",
        model: "m",
        parts: [],
        finishReason: { reason: "stop" },
        usage: { inputTokens: 3, outputTokens: 9, totalTokens: 12 },
        status: "completed",
      },
      context,
    );
    expect(context.losses).toEqual([]);
  });
});

describe("encodeMessagesResponse, an incomplete answer", () => {
  const lossPaths = (reason: "pause" | "other") => {
    const context = createConversionContext();
    encodeMessagesResponse(
      {
        id: "r",
        model: "m",
        parts: [{ type: "text", text: "Working on it" }],
        finishReason: { reason },
        usage: {},
        status: "incomplete",
      },
      context,
    );
    return context.losses.map((loss) => loss.path);
  };

  it("reports one that reads as finished, not one paused (pause_turn says it was paused)", () => {
    expect(lossPaths("pause")).not.toContain("/status");
    expect(lossPaths("other")).toContain("/status");
  });
});
