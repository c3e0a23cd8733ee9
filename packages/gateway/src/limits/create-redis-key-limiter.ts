import { CanonicalError } from "@interlingua/core";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { KeyLimiter, KeyLimits, LimitLease } from "./create-key-limiter";

/**
 * Longest an open exchange holds its slot in the shared count, seconds: a slot whose instance died
 * before releasing it comes back after this, and a stream open longer frees its slot early.
 */
export const sharedSlotSeconds = 15 * 60;

/**
 * A {@link KeyLimiter} whose counts live in Redis (rate-limiter-flexible's atomic Lua scripts), so
 * every gateway instance on the same Redis applies one limit per key. The rate is `burst` requests
 * per window of `burst / requestsPerMinute` minutes (the same average as the in-process token
 * bucket; a window refills whole rather than token by token). Open exchanges are consumed points
 * given back on release. Keys are stored as their SHA-256, never in clear.
 */
export function createRedisKeyLimiter(limits: KeyLimits, client: Redis, prefix: string): KeyLimiter {
  const rate = limits.requestsPerMinute;
  const burst = limits.burst ?? (rate === undefined ? undefined : Math.max(1, Math.floor(rate)));
  const requests =
    rate === undefined || burst === undefined
      ? undefined
      : new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${prefix}:limit-rate`,
          points: burst,
          duration: Math.max(1, Math.round((60 * burst) / rate)),
        });
  const open =
    limits.maxConcurrent === undefined
      ? undefined
      : new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${prefix}:limit-open`,
          points: limits.maxConcurrent,
          duration: sharedSlotSeconds,
        });
  return {
    async admit(key) {
      const id = bytesToHex(sha256(new TextEncoder().encode(key)));
      if (open !== undefined) {
        try {
          await open.consume(id);
        } catch (thrown) {
          if (!(thrown instanceof RateLimiterRes)) throw thrown;
          // A refused consume still counted: give the point back, nothing was opened.
          await open.reward(id);
          throw new CanonicalError(
            "rate_limit",
            `This key already has ${limits.maxConcurrent} requests open, the most allowed at once.`,
            { code: "concurrency_limit", retryAfter: 1 },
          );
        }
      }
      if (requests !== undefined) {
        try {
          await requests.consume(id);
        } catch (thrown) {
          await open?.reward(id);
          if (!(thrown instanceof RateLimiterRes)) throw thrown;
          throw new CanonicalError("rate_limit", `This key is limited to ${rate} requests a minute.`, {
            code: "rate_limit",
            retryAfter: Math.max(1, Math.ceil(thrown.msBeforeNext / 1000)),
          });
        }
      }
      let released = false;
      const lease: LimitLease = () => {
        if (released || open === undefined) return;
        released = true;
        void open.reward(id).catch(() => undefined);
      };
      return lease;
    },
  };
}
