import { createStorageResponseStore } from "@interlingua/core";
import { Redis } from "ioredis";
import type { GatewayConfig } from "../config/gateway-config-schema";
import { createKeyLimiter, type KeyLimiter } from "../limits/create-key-limiter";
import { createRedisKeyLimiter } from "../limits/create-redis-key-limiter";
import { createStorageUpstreamContinuations } from "../pipeline/storage-upstream-continuations";
import { createStorageRunStore } from "../runs/storage-run-store";
import type { GatewayState } from "./create-gateway-state";
import { createRedisStorage, defaultRedisPrefix } from "./create-redis-storage";

/**
 * The gateway's state on the Redis of `config.redis`: stored responses, continuations and runs in an
 * unstorage Redis storage, per-key limits counted in Redis. Loaded only when Redis is configured,
 * so the gateway imports no Redis client otherwise (Workers, Deno, Bun).
 */
export async function createRedisGatewayState(
  config: GatewayConfig & { redis: NonNullable<GatewayConfig["redis"]> },
): Promise<GatewayState> {
  const prefix = config.redis.prefix ?? defaultRedisPrefix;
  const storage = createRedisStorage(config.redis.url, prefix);
  const closers: (() => Promise<unknown>)[] = [() => storage.dispose()];
  const perKey = config.limits?.perKey;
  let limiter: KeyLimiter | undefined;
  if (perKey !== undefined) {
    const client = new Redis(config.redis.url, { lazyConnect: true });
    closers.push(() => client.quit().catch(() => client.disconnect()));
    limiter = createRedisKeyLimiter(perKey, client, prefix);
  }
  return {
    responseStore: config.responseStore ?? createStorageResponseStore(storage, config.responseStoreLimits),
    continuations: createStorageUpstreamContinuations(storage),
    runs: createStorageRunStore(storage),
    limiter: limiter ?? (perKey && createKeyLimiter(perKey)),
    async close() {
      await Promise.all(closers.map((close) => close()));
    },
  };
}
