import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { usageArbitrary } from "../test/arbitraries";
import { usageAccounting, usageFromWire, usageToWire } from "./usage-rules";

describe("usage rules", () => {
  it("messages: input excludes cache reads and writes", () => {
    expect(
      usageFromWire({ input: 10, cacheRead: 100, cacheWrite: 5, output: 20 }, usageAccounting.messages),
    ).toEqual({
      inputTokens: 115,
      cacheReadTokens: 100,
      cacheWriteTokens: 5,
      outputTokens: 20,
    });
  });

  it("responses: input includes cached tokens, output includes reasoning", () => {
    expect(
      usageFromWire(
        { input: 115, cacheRead: 100, output: 20, reasoning: 12, total: 135 },
        usageAccounting.responses,
      ),
    ).toEqual({
      inputTokens: 115,
      cacheReadTokens: 100,
      outputTokens: 20,
      reasoningTokens: 12,
      totalTokens: 135,
    });
  });

  it("generate-content: candidates exclude thoughts", () => {
    expect(
      usageFromWire(
        { input: 50, cacheRead: 40, output: 8, reasoning: 30 },
        usageAccounting["generate-content"],
      ),
    ).toEqual({
      inputTokens: 50,
      cacheReadTokens: 40,
      outputTokens: 38,
      reasoningTokens: 30,
    });
  });

  it("leaves counts a format did not report undefined", () => {
    expect(usageFromWire({ output: 3 }, usageAccounting.messages)).toEqual({ outputTokens: 3 });
  });

  it.each(Object.entries(usageAccounting))(
    "round-trips any consistent usage through %s",
    (_format, accounting) => {
      fc.assert(
        fc.property(usageArbitrary, (usage) => {
          const { extensions: _ignored, ...counts } = usage;
          expect(usageFromWire(usageToWire(usage, accounting), accounting)).toEqual(counts);
        }),
      );
    },
  );

  it("carries the same tokens across formats", () => {
    fc.assert(
      fc.property(usageArbitrary, (usage) => {
        const viaMessages = usageFromWire(
          usageToWire(usage, usageAccounting.messages),
          usageAccounting.messages,
        );
        const viaGenerateContent = usageFromWire(
          usageToWire(viaMessages, usageAccounting["generate-content"]),
          usageAccounting["generate-content"],
        );
        expect(viaGenerateContent).toEqual(usage);
      }),
    );
  });
});
