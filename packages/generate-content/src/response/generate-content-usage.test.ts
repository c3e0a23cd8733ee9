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
