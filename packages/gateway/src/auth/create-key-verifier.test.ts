import { describe, expect, it } from "vitest";
import { createKeyVerifier } from "./create-key-verifier";

describe("createKeyVerifier", () => {
  it("accepts exactly the configured keys", async () => {
    const verifier = createKeyVerifier(["key-one", "key-two-longer"]);
    expect(verifier.required).toBe(true);
    expect(verifier.verify("key-one")).toBe(true);
    expect(verifier.verify("key-two-longer")).toBe(true);
    for (const wrong of [undefined, "", "key-on", "key-one ", "key-onf", "KEY-ONE", "key-two"])
      expect(verifier.verify(wrong)).toBe(false);
  });

  it("asks for nothing when no keys are configured", async () => {
    const verifier = createKeyVerifier([]);
    expect(verifier.required).toBe(false);
    expect(verifier.verify(undefined)).toBe(true);
  });
});
