import { CanonicalError } from "@interlingua/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createKeyLimiter } from "./create-key-limiter";

function refusal(admit: () => unknown): CanonicalError {
  try {
    admit();
  } catch (thrown) {
    if (CanonicalError.isInstance(thrown)) return thrown;
    throw thrown;
  }
  throw new Error("expected a refusal");
}

describe("createKeyLimiter", () => {
  it("lets a burst through, refuses the next with the wait until a token, and refills with time", () => {
    let clock = 0;
    const limiter = createKeyLimiter({ requestsPerMinute: 60, burst: 3 }, () => clock);
    for (let index = 0; index < 3; index++) limiter.admit("a")();
    const error = refusal(() => limiter.admit("a"));
    expect([error.kind, error.status, error.retryAfter]).toEqual(["rate_limit", 429, 1]);
    expect(error.message).toContain("60 requests a minute");
    limiter.admit("b")();
    clock += 1000;
    limiter.admit("a")();
    expect(() => limiter.admit("a")).toThrow(CanonicalError);
  });

  it("never admits more than burst plus what the rate refilled, over any schedule", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 60 }),
        (rate, burst, gaps) => {
          let clock = 0;
          const limiter = createKeyLimiter({ requestsPerMinute: rate, burst }, () => clock);
          let admitted = 0;
          for (const gap of gaps) {
            clock += gap;
            try {
              limiter.admit("k")();
              admitted++;
            } catch (thrown) {
              const error = thrown as CanonicalError;
              expect(error.retryAfter).toBeGreaterThanOrEqual(1);
              expect(error.retryAfter).toBeLessThanOrEqual(Math.ceil(60 / rate));
            }
          }
          expect(admitted).toBeLessThanOrEqual(burst + Math.floor((clock / 60_000) * rate) + 1);
        },
      ),
    );
  });

  it("holds a key to maxConcurrent open exchanges until they are released, each release counted once", () => {
    const limiter = createKeyLimiter({ maxConcurrent: 2 });
    const first = limiter.admit("a");
    limiter.admit("a");
    const error = refusal(() => limiter.admit("a"));
    expect([error.kind, error.code, error.retryAfter]).toEqual(["rate_limit", "concurrency_limit", 1]);
    limiter.admit("b");
    first();
    first();
    limiter.admit("a");
    expect(() => limiter.admit("a")).toThrow(CanonicalError);
  });
});
