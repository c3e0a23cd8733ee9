import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRouter } from "./create-router";
import { isModelGlob, matchModelPattern } from "./match-model-pattern";

const plain = fc.string({ unit: fc.constantFrom("a", "b", "-", ".", "1") });

describe("matchModelPattern", () => {
  it("matches examples of exact names, * and ?", () => {
    expect(matchModelPattern("claude-*", "claude-sonnet-4")).toBe(true);
    expect(matchModelPattern("claude-*", "gpt-4o")).toBe(false);
    expect(matchModelPattern("gpt-4?", "gpt-4o")).toBe(true);
    expect(matchModelPattern("gpt-4?", "gpt-4")).toBe(false);
    expect(matchModelPattern("*-mini", "gpt-5-mini")).toBe(true);
    expect(matchModelPattern("a*b*c", "a-x-b-y-c")).toBe(true);
    expect(matchModelPattern("a*b*c", "a-x-c-y-b")).toBe(false);
    expect(matchModelPattern("*", "")).toBe(true);
    expect(matchModelPattern("gpt-4o", "gpt-4o-mini")).toBe(false);
  });

  it("treats a pattern without wildcards as an exact name", () => {
    fc.assert(
      fc.property(plain, plain, (pattern, model) => {
        expect(isModelGlob(pattern)).toBe(false);
        expect(matchModelPattern(pattern, model)).toBe(pattern === model);
      }),
    );
  });

  it("matches prefix*, *suffix and prefix*suffix exactly as string tests do", () => {
    fc.assert(
      fc.property(plain, plain, plain, (prefix, suffix, model) => {
        expect(matchModelPattern(`${prefix}*`, model)).toBe(model.startsWith(prefix));
        expect(matchModelPattern(`*${suffix}`, model)).toBe(model.endsWith(suffix));
        expect(matchModelPattern(`${prefix}*${suffix}`, model)).toBe(
          model.length >= prefix.length + suffix.length && model.startsWith(prefix) && model.endsWith(suffix),
        );
      }),
    );
  });

  it("agrees with a regular expression built from the glob", () => {
    const globUnit = fc.constantFrom("a", "b", "-", "*", "?");
    fc.assert(
      fc.property(fc.string({ unit: globUnit }), plain, (pattern, model) => {
        const source = pattern.replaceAll("-", "\\-").replaceAll("*", ".*").replaceAll("?", ".");
        expect(matchModelPattern(pattern, model)).toBe(new RegExp(`^${source}$`, "s").test(model));
      }),
    );
  });
});

describe("createRouter", () => {
  it("takes the first matching route, renames upstream, and lists exact names once", () => {
    const router = createRouter([
      { model: "fast", provider: "a", upstreamModel: "real-fast" },
      { model: "fast*", provider: "b" },
      { model: "fast", provider: "c" },
      { model: "slow", provider: "c" },
    ]);
    expect(router.resolve("fast")).toEqual({ provider: "a", upstreamModel: "real-fast" });
    expect(router.resolve("faster")).toEqual({ provider: "b", upstreamModel: "faster" });
    expect(router.resolve("other")).toBeUndefined();
    expect(router.listModels()).toEqual([
      { id: "fast", provider: "a" },
      { id: "slow", provider: "c" },
    ]);
  });
});
