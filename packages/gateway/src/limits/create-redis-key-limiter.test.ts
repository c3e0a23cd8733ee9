import { CanonicalError } from "@interlingua/core";
import { startTestRedis, type TestRedis, testRedisIsAvailable } from "@interlingua/core/test";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisKeyLimiter } from "./create-redis-key-limiter";

let redis: TestRedis;
const clients: Redis[] = [];
const redisIsAvailable = testRedisIsAvailable();
beforeAll(async () => {
  if (redisIsAvailable) redis = await startTestRedis();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
  await redis?.stop();
});

/** Two limiters as two gateway instances would make them: own connections, one prefix. */
function twoInstances(limits: Parameters<typeof createRedisKeyLimiter>[0]) {
  const prefix = `test-${crypto.randomUUID()}`;
  return [0, 1].map(() => {
    const client = new Redis(redis.url);
    clients.push(client);
    return createRedisKeyLimiter(limits, client, prefix);
  });
}

async function refusal(admission: Promise<unknown>): Promise<CanonicalError> {
  const thrown = await admission.then(
    () => expect.unreachable("admitted"),
    (error: unknown) => error,
  );
  if (!CanonicalError.isInstance(thrown)) throw thrown;
  return thrown;
}

describe.runIf(redisIsAvailable)("createRedisKeyLimiter", () => {
  it("counts one key's requests across instances, and keys apart", async () => {
    const [a, b] = twoInstances({ requestsPerMinute: 60, burst: 3 });
    (await a!.admit("key-1"))();
    (await b!.admit("key-1"))();
    (await a!.admit("key-1"))();
    const error = await refusal(Promise.resolve(b!.admit("key-1")));
    expect(error).toMatchObject({ kind: "rate_limit", status: 429, code: "rate_limit" });
    expect(error.retryAfter).toBeGreaterThanOrEqual(1);
    expect(error.retryAfter).toBeLessThanOrEqual(3);
    (await b!.admit("key-2"))();
  });

  it("counts open exchanges across instances and frees a slot on release", async () => {
    const [a, b] = twoInstances({ maxConcurrent: 2 });
    const first = await a!.admit("key");
    await b!.admit("key");
    expect(await refusal(Promise.resolve(a!.admit("key")))).toMatchObject({
      code: "concurrency_limit",
      retryAfter: 1,
    });
    first();
    first();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const third = await b!.admit("key");
    expect(typeof third).toBe("function");
    expect(await refusal(Promise.resolve(a!.admit("key")))).toMatchObject({ code: "concurrency_limit" });
  });

  it("never writes a key in clear", async () => {
    const [a] = twoInstances({ requestsPerMinute: 10, maxConcurrent: 1 });
    (await a!.admit("secret-key-value"))();
    const client = new Redis(redis.url);
    clients.push(client);
    const keys = await client.keys("*");
    expect(keys.some((key) => key.includes("secret-key-value"))).toBe(false);
  });
});
