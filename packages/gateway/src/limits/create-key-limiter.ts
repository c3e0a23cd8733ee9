import { CanonicalError } from "@interlingua/core";

/** Per-key limits: a request rate (token bucket) and a number of exchanges at once. */
export interface KeyLimits {
  /** Requests a key may start per minute, on average; unlimited when absent. */
  requestsPerMinute?: number;
  /** Requests a key may start at once after being idle; default `requestsPerMinute`. */
  burst?: number;
  /** Exchanges a key may have open at once (a stream counts until it ends); unlimited when absent. */
  maxConcurrent?: number;
}

/** An admitted request's hold on its key's concurrency; released once, when its answer is over. */
export type LimitLease = () => void;

/** Per-key admission for the gateway. */
export interface KeyLimiter {
  /**
   * Admits a request of `key`, or throws (rejects) with a `rate_limit` {@link CanonicalError} with
   * `retryAfter` seconds. The in-process limiter answers at once, a shared one (Redis) asynchronously.
   */
  admit(key: string): LimitLease | Promise<LimitLease>;
}

/** The in-process {@link KeyLimiter}: it answers at once. */
export interface InProcessKeyLimiter extends KeyLimiter {
  /** Admits a request of `key`, or throws a `rate_limit` {@link CanonicalError} with `retryAfter` seconds. */
  admit(key: string): LimitLease;
}

interface KeyState {
  tokens: number;
  updatedAt: number;
  open: number;
}

/** Keys kept before idle ones (full bucket, nothing open) are forgotten. */
const maxTrackedKeys = 10_000;

/**
 * A {@link KeyLimiter}: a token bucket per key (`burst` tokens, refilled at `requestsPerMinute`) and
 * a count of open exchanges per key. A refused request gets how long to wait: until the next token,
 * or one second when the key has too many exchanges open. `now` is for tests.
 */
export function createKeyLimiter(limits: KeyLimits, now: () => number = Date.now): InProcessKeyLimiter {
  const rate = limits.requestsPerMinute;
  const capacity = limits.burst ?? rate ?? 0;
  const keys = new Map<string, KeyState>();

  function forgetIdle(at: number): void {
    if (keys.size < maxTrackedKeys) return;
    for (const [key, state] of keys)
      if (state.open === 0 && refilled(state, at) >= capacity) keys.delete(key);
  }

  function refilled(state: KeyState, at: number): number {
    if (rate === undefined) return capacity;
    return Math.min(capacity, state.tokens + ((at - state.updatedAt) / 60_000) * rate);
  }

  return {
    admit(key) {
      const at = now();
      let state = keys.get(key);
      if (!state) {
        forgetIdle(at);
        state = { tokens: capacity, updatedAt: at, open: 0 };
        keys.set(key, state);
      }
      if (limits.maxConcurrent !== undefined && state.open >= limits.maxConcurrent)
        throw new CanonicalError(
          "rate_limit",
          `This key already has ${limits.maxConcurrent} requests open, the most allowed at once.`,
          { code: "concurrency_limit", retryAfter: 1 },
        );
      if (rate !== undefined) {
        state.tokens = refilled(state, at);
        state.updatedAt = at;
        if (state.tokens < 1)
          throw new CanonicalError("rate_limit", `This key is limited to ${rate} requests a minute.`, {
            code: "rate_limit",
            retryAfter: Math.max(1, Math.ceil(((1 - state.tokens) / rate) * 60)),
          });
        state.tokens -= 1;
      }
      state.open++;
      const held = state;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.open--;
      };
    },
  };
}
