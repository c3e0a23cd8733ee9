import { describe, expect, it } from "vitest";
import { obfuscationPadding } from "./obfuscation-padding";

describe("obfuscationPadding", () => {
  it("brings a size up to the next multiple of 16 with random letters and digits", () => {
    for (const size of [0, 1, 5, 15, 16, 17, 40]) {
      const padding = obfuscationPadding(size);
      expect(padding).toMatch(/^[A-Za-z0-9]{1,16}$/);
      expect((size + padding.length) % 16).toBe(0);
    }
    expect(obfuscationPadding(5).length).toBe(11);
    expect(new Set(Array.from({ length: 8 }, () => obfuscationPadding(0))).size).toBeGreaterThan(1);
  });
});
