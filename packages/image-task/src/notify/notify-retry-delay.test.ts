import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { notifyRetryDelay } from "./notify-retry-delay";

describe("notifyRetryDelay", () => {
  it("doubles from the base delay and stops at the cap", () => {
    const delays = { baseDelayMs: 500, maxDelayMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((retry) => notifyRetryDelay(retry, delays))).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it("never shrinks from one retry to the next and never passes the cap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (retry, baseDelayMs, maxDelayMs) => {
          const delays = { baseDelayMs, maxDelayMs };
          const now = notifyRetryDelay(retry, delays);
          expect(now).toBeLessThanOrEqual(maxDelayMs);
          expect(notifyRetryDelay(retry + 1, delays)).toBeGreaterThanOrEqual(now);
        },
      ),
    );
  });
});
