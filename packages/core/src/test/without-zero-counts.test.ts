import { describe, expect, it } from "vitest";
import { answerWithoutZeroCounts, withoutZeroCounts } from "./without-zero-counts";

describe("withoutZeroCounts", () => {
  it("leaves out counts of 0 and detail objects of nothing else, and keeps every other value", () => {
    expect(
      withoutZeroCounts({
        input_tokens: 0,
        output_tokens: 3,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        details: { audio_tokens: 0, text_tokens: 2 },
        service_tier: "standard",
        cached: null,
      }),
    ).toEqual({ output_tokens: 3, details: { text_tokens: 2 }, service_tier: "standard", cached: null });
  });
});

describe("answerWithoutZeroCounts", () => {
  it("reads the usage at the key, and leaves out a usage of nothing but zeros", () => {
    expect(
      answerWithoutZeroCounts({ id: "a", usage: { input_tokens: 1, output_tokens: 0 } }, "usage"),
    ).toEqual({
      id: "a",
      usage: { input_tokens: 1 },
    });
    expect(
      answerWithoutZeroCounts({ id: "a", usageMetadata: { promptTokenCount: 0 } }, "usageMetadata"),
    ).toEqual({
      id: "a",
    });
  });

  it("keeps an absent or null usage as it is", () => {
    expect(answerWithoutZeroCounts({ id: "a", usage: null }, "usage")).toEqual({ id: "a", usage: null });
    expect(answerWithoutZeroCounts({ id: "a" }, "usage")).toEqual({ id: "a" });
  });
});
