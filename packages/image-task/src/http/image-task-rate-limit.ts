import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/** Requests a caller (a tenant) may make, refused with HTTP 429 and `Retry-After` beyond. */
export interface ImageTaskRateLimitOptions {
  /** Average requests per minute. */
  requestsPerMinute: number;
  /** Requests that may come at once; default `requestsPerMinute`. The window is `burst / requestsPerMinute` minutes. */
  burst?: number;
}

/** Counts a caller's requests; answers the seconds to wait when one is over the limit. */
export interface ImageTaskRateLimiter {
  /** Takes one request of `caller`: undefined when allowed, else the seconds until one is. */
  take(caller: string): Promise<number | undefined>;
}

/**
 * A per-caller limit on `rate-limiter-flexible`'s in-memory limiter (decision 0021): `burst`
 * requests per window of `burst / requestsPerMinute` minutes, the same average as the gateway's
 * per-key bucket (decision 0005). Per process: several instances each apply it.
 */
export function createImageTaskRateLimiter(options: ImageTaskRateLimitOptions): ImageTaskRateLimiter {
  const burst = options.burst ?? options.requestsPerMinute;
  const limiter = new RateLimiterMemory({
    points: burst,
    duration: Math.max(1, Math.round((burst / options.requestsPerMinute) * 60)),
  });
  return {
    async take(caller) {
      try {
        await limiter.consume(caller, 1);
        return undefined;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      }
    },
  };
}
