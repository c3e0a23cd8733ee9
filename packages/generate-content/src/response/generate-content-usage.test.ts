import { usageAccounting, usageToWire } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { usageFromGenerateContent, usageToGenerateContent } from "./generate-content-usage";

describe("usageMetadata of a turn that only thought", () => {
  const thoughtsOnly = { promptTokenCount: 10, thoughtsTokenCount: 50, totalTokenCount: 60 };

  it("counts the thoughts as output, so no other format reports zero output", () => {
    const usage = usageFromGenerateContent(thoughtsOnly, undefined, "/usageMetadata");
    expect(usage).toMatchObject({ inputTokens: 10, outputTokens: 50, reasoningTokens: 50 });
    expect(usageToWire(usage, usageAccounting.messages).output).toBe(50);
  });

  it("gives the same usageMetadata back, without an invented candidatesTokenCount", () => {
    expect(usageToGenerateContent(usageFromGenerateContent(thoughtsOnly, undefined, ""))).toEqual(
      thoughtsOnly,
    );
    const answered = { ...thoughtsOnly, candidatesTokenCount: 0 };
    expect(usageToGenerateContent(usageFromGenerateContent(answered, undefined, ""))).toEqual(answered);
  });
});

describe("usageMetadata of usage without a total (a messages upstream's)", () => {
  it("says the total the API would: prompt, answer and thoughts added up", () => {
    expect(usageToGenerateContent({ inputTokens: 12, outputTokens: 30, reasoningTokens: 10 })).toEqual({
      promptTokenCount: 12,
      candidatesTokenCount: 20,
      thoughtsTokenCount: 10,
      totalTokenCount: 42,
    });
  });

  it("adds the tool-use prompt tokens kept from generate-content usage", () => {
    const usage = {
      inputTokens: 5,
      outputTokens: 2,
      extensions: { "generate-content": { toolUsePromptTokenCount: 3 } },
    };
    expect(usageToGenerateContent(usage).totalTokenCount).toBe(10);
  });

  it("adds none up for generate-content usage that came without one", () => {
    const withoutTotal = { promptTokenCount: 3, candidatesTokenCount: 4 };
    expect(usageToGenerateContent(usageFromGenerateContent(withoutTotal, undefined, ""))).toEqual(
      withoutTotal,
    );
  });

  it("says no total when the input or output count is unknown", () => {
    expect(usageToGenerateContent({ outputTokens: 4 })).toEqual({ candidatesTokenCount: 4 });
  });
});
