import { createMemoryResponseStore, createStorageResponseStore, type ResponseStore } from "@interlingua/core";
import { Redis } from "ioredis";
import type { Storage } from "unstorage";
import type { GatewayConfig } from "../config/gateway-config-schema";
import { createKeyLimiter, type KeyLimiter } from "../limits/create-key-limiter";
import { createRedisKeyLimiter } from "../limits/create-redis-key-limiter";
import { createStorageUpstreamContinuations } from "../pipeline/storage-upstream-continuations";
import { createUpstreamContinuations, type UpstreamContinuations } from "../pipeline/upstream-continuations";
import { createRedisStorage, defaultRedisPrefix } from "./create-redis-storage";

/** Where a gateway keeps what outlives one exchange. */
export interface GatewayState {
  /** Stored responses-format exchanges (`previous_response_id` over other backends). */
  responseStore: ResponseStore;
  /** Which tenant received each answer id of a same-format upstream. */
  continuations: UpstreamContinuations;
  /** Per-key limits, when configured. */
  limiter: KeyLimiter | undefined;
  /** Closes the connections opened here (Redis); nothing for memory or a given storage. */
  close(): Promise<void>;
}

/**
 * The gateway's state from its configuration: on Redis with `redis` (shared by every instance on it,
 * limits included), on `stores.storage` when given (a data folder), else in this process's memory.
 * A `responseStore` given in the configuration is used as it is.
 */
export function createGatewayState(config: GatewayConfig): GatewayState {
  const perKey = config.limits?.perKey;
  const closers: (() => Promise<unknown>)[] = [];
  let storage: Storage | undefined = config.stores?.storage;
  let limiter: KeyLimiter | undefined;
  if (config.redis !== undefined) {
    const prefix = config.redis.prefix ?? defaultRedisPrefix;
    const redisStorage = createRedisStorage(config.redis.url, prefix);
    closers.push(() => redisStorage.dispose());
    storage = redisStorage;
    if (perKey !== undefined) {
      const client = new Redis(config.redis.url, { lazyConnect: true, enableOfflineQueue: true });
      closers.push(() => client.quit().catch(() => client.disconnect()));
      limiter = createRedisKeyLimiter(perKey, client, prefix);
    }
  }
  limiter ??= perKey && createKeyLimiter(perKey);
  return {
    responseStore:
      config.responseStore ??
      (storage === undefined
        ? createMemoryResponseStore(config.responseStoreLimits)
        : createStorageResponseStore(storage, config.responseStoreLimits)),
    continuations:
      storage === undefined ? createUpstreamContinuations() : createStorageUpstreamContinuations(storage),
    limiter,
    async close() {
      await Promise.all(closers.map((close) => close()));
    },
  };
}
