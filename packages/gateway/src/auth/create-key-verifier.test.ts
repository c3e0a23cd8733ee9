import fc from "fast-check";
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

  it("gives with one digest what verify and tenantOf give, for any key presented", () => {
    const keys = ["key-one", "key-two-longer", "sk-ü-ключ"];
    for (const verifier of [createKeyVerifier(keys), createKeyVerifier([])])
      fc.assert(
        fc.property(
          fc.option(fc.oneof(fc.constantFrom(...keys), fc.string()), { nil: undefined }),
          (presented) => {
            const tenant = verifier.verifiedTenant(presented);
            expect(tenant).toBe(verifier.verify(presented) ? verifier.tenantOf(presented) : undefined);
          },
        ),
        { numRuns: 300 },
      );
  });
});
