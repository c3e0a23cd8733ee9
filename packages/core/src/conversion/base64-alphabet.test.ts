import { describe, expect, it } from "vitest";
import { toStandardBase64, toUrlSafeBase64 } from "./base64-alphabet";

describe("base64 alphabets", () => {
  it("reads URL-safe base64 in the standard alphabet, and says it was URL-safe", () => {
    expect(toStandardBase64("ab-_cd")).toEqual({ data: "ab+/cd", urlSafe: true });
    expect(toStandardBase64("ab+/cd==")).toEqual({ data: "ab+/cd==", urlSafe: false });
    expect(toUrlSafeBase64("ab+/cd")).toBe("ab-_cd");
  });
});
