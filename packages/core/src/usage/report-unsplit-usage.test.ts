import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createConversionContext } from "../conversion/conversion-context";
import type { Usage } from "../model/usage";
import { reportUnsplitUsage } from "./report-unsplit-usage";
import { usageAccounting, usageFromWire, usageToWire } from "./usage-rules";

function lossesFor(usage: Usage, format: keyof typeof usageAccounting): string[] {
  const context = createConversionContext();
  reportUnsplitUsage(usage, usageAccounting[format], format, context);
  return context.losses.map((loss) => `${loss.code} ${loss.path}`);
}

/** Any counts, details above their totals included (the specs allow them). */
const anyUsage: fc.Arbitrary<Usage> = fc.record(
  {
    inputTokens: fc.nat(50),
    cacheReadTokens: fc.nat(50),
    cacheWriteTokens: fc.nat(50),
    outputTokens: fc.nat(50),
    reasoningTokens: fc.nat(50),
  },
  { requiredKeys: [] },
);

describe("reportUnsplitUsage", () => {
  it("reports cached tokens above the input to a format that counts them apart", () => {
    expect(lossesFor({ inputTokens: 5, cacheReadTokens: 10 }, "messages")).toEqual([
      "approximated /usage/inputTokens",
    ]);
    expect(lossesFor({ inputTokens: 5, cacheReadTokens: 10 }, "responses")).toEqual([]);
  });

  it("reports reasoning tokens above the output to a format that counts them apart", () => {
    expect(lossesFor({ outputTokens: 1, reasoningTokens: 2 }, "generate-content")).toEqual([
      "approximated /usage/outputTokens",
    ]);
    expect(lossesFor({ outputTokens: 1, reasoningTokens: 2 }, "messages")).toEqual([]);
  });

  it("reports nothing for counts that fit", () => {
    expect(
      lossesFor(
        { inputTokens: 10, cacheReadTokens: 6, cacheWriteTokens: 4, outputTokens: 3, reasoningTokens: 3 },
        "messages",
      ),
    ).toEqual([]);
    expect(lossesFor({ outputTokens: 3, reasoningTokens: 3 }, "generate-content")).toEqual([]);
  });

  it.each(Object.keys(usageAccounting) as (keyof typeof usageAccounting)[])(
    "reports exactly the counts %s reads back otherwise",
    (format) => {
      fc.assert(
        fc.property(anyUsage, (usage) => {
          const back = usageFromWire(usageToWire(usage, usageAccounting[format]), usageAccounting[format]);
          const changed = (["inputTokens", "outputTokens"] as const)
            .filter((count) => back[count] !== usage[count])
            .map((count) => `approximated /usage/${count}`);
          expect(lossesFor(usage, format)).toEqual(changed);
        }),
      );
    },
  );
});
