import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { constantTimeEqual } from "./constant-time-equal";

describe("constantTimeEqual", () => {
  it("is true exactly when the bytes are the same", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.uint8Array({ maxLength: 40 }), (left, right) => {
        const same = left.length === right.length && left.every((byte, index) => byte === right[index]);
        expect(constantTimeEqual(left, right)).toBe(same);
        expect(constantTimeEqual(left, Uint8Array.from(left))).toBe(true);
      }),
    );
  });

  it("tells apart a value from its own prefix padded with zeros", () => {
    expect(constantTimeEqual(new Uint8Array([1, 0]), new Uint8Array([1]))).toBe(false);
  });
});
