import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchModelPattern } from "./match-model-pattern";
import { modelGlobPattern } from "./model-glob-pattern";

describe("modelGlobPattern", () => {
  it("matches exactly the names the routes' glob matching matches", () => {
    const text = fc.string({
      unit: fc.constantFrom("a", "b", ".", "-", "*", "?", "(", "\\", "$"),
      maxLength: 8,
    });
    fc.assert(
      fc.property(text, text, (pattern, model) => {
        expect(modelGlobPattern(pattern).test(model)).toBe(matchModelPattern(pattern, model));
      }),
      { numRuns: 1000 },
    );
  });

  it("anchors both ends", () => {
    expect(modelGlobPattern("gpt-5*").test("my-gpt-5")).toBe(false);
    expect(modelGlobPattern("ours-*").test("ours-large")).toBe(true);
  });
});
