/**
 * The wait before retry number `retry` (1 for the first retry) of a notify delivery: `baseDelayMs`
 * doubled for each earlier retry, never more than `maxDelayMs`.
 */
export function notifyRetryDelay(retry: number, delays: { baseDelayMs: number; maxDelayMs: number }): number {
  return Math.min(delays.maxDelayMs, delays.baseDelayMs * 2 ** (retry - 1));
}
