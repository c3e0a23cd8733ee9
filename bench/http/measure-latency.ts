import { Client } from "undici";
import type { CallerRequest } from "./wire-fixtures";

/** Sequential latency: one request at a time on one kept-alive connection. */
export interface LatencyFigures {
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/**
 * Sends `request` to `base` `count` times, one after another on one connection, each answer read to
 * its last byte, and gives the median and 99th percentile time. An answer that is not a 200 holding
 * `expect` throws: a benchmark of error answers would measure nothing.
 */
export async function measureLatency(
  base: string,
  request: CallerRequest,
  count: number,
  expect: string,
): Promise<LatencyFigures> {
  const client = new Client(base, { keepAliveTimeout: 30_000 });
  const times: number[] = [];
  try {
    for (let index = 0; index < count + 10; index++) {
      const start = performance.now();
      const answer = await client.request({
        path: request.path,
        method: "POST",
        headers: request.headers,
        body: request.body,
      });
      const text = await answer.body.text();
      const elapsed = performance.now() - start;
      if (answer.statusCode !== 200 || !text.includes(expect))
        throw new Error(`${base}${request.path} answered ${answer.statusCode}: ${text.slice(0, 300)}`);
      // The first ten warm the connection and the server's code paths.
      if (index >= 10) times.push(elapsed);
    }
  } finally {
    await client.close();
  }
  times.sort((left, right) => left - right);
  return { p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) };
}
