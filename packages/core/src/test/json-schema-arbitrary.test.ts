import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonSchemaArbitrary } from "./json-schema-arbitrary";

describe("jsonSchemaArbitrary", () => {
  it("draws integers bounded as int64 (chat-completions seed) within the safe range, quickly", () => {
    // Unclamped, fast-check never returns from one of the first hundred draws of this range.
    const int64 = { type: "integer", minimum: -9223372036854776000, maximum: 9223372036854776000 };
    const values = fc.sample(jsonSchemaArbitrary(int64, {}), { numRuns: 500, seed: 1 });
    expect(values.every((value) => Number.isSafeInteger(value))).toBe(true);
  }, 5_000);
});
