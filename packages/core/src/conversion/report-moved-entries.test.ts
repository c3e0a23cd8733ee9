import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createConversionContext } from "./conversion-context";
import { movedEntries, reportMovedEntries } from "./report-moved-entries";

describe("reportMovedEntries", () => {
  it("reports nothing for entries sent in their order, some left out", () => {
    const context = createConversionContext();
    reportMovedEntries([0, 2, 3], "/tools", context, "moved");
    expect(context.losses).toEqual([]);
  });

  it("reports a tool sent last though it came before others", () => {
    const context = createConversionContext();
    reportMovedEntries([0, 2, 3, 1], "/tools", context, "moved");
    expect(context.losses).toEqual([{ code: "approximated", path: "/tools/1", message: "moved" }]);
  });

  it("keeps the longest run in order: what is reported, once each, puts the rest back in order", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(12), { maxLength: 10 }), (order) => {
        const moved = movedEntries(order);
        const rest = order.filter((index) => !moved.includes(index));
        expect(rest).toEqual([...rest].sort((a, b) => a - b));
        expect(new Set(moved).size).toBe(moved.length);
        // No entry reported could have stayed: putting any one back breaks the order.
        for (const index of moved) {
          const withIt = order.filter((entry) => entry === index || !moved.includes(entry));
          expect(withIt).not.toEqual([...withIt].sort((a, b) => a - b));
        }
      }),
    );
  });
});
