import type { KeyValueStorage } from "@interlingua/core";
import { createStorage } from "unstorage";
import redisDriver from "unstorage/drivers/redis";

/** Key prefix of everything interlingua writes to Redis unless `redis.prefix` says otherwise. */
export const defaultRedisPrefix = "interlingua";

/**
 * An unstorage `Storage` on Redis (`redis://` or `rediss://`), every key under `prefix:`. The
 * connection opens on first use; `storage.dispose()` closes it.
 */
export function createRedisStorage(url: string, prefix: string = defaultRedisPrefix): KeyValueStorage {
  return createStorage({ driver: redisDriver({ url, base: prefix, lazyConnect: true }) });
}
