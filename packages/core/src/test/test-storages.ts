import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStorage, type Storage } from "unstorage";
import memoryDriver from "unstorage/drivers/memory";
import type { KeyValueStorage } from "../stores/key-value-storage";
import { testRedisIsAvailable } from "./test-redis";

/** One storage driver the shared-store suites run on. */
export interface TestStorageDriver {
  /** `memory`, `fs` or `redis`. */
  name: string;
  /**
   * A new, empty storage each call (a new folder; a new key prefix on the shared Redis). The fs and
   * Redis drivers are imported on first use, so `@interlingua/core/test` needs no Redis client.
   */
  create(): Promise<KeyValueStorage>;
}

/**
 * The three drivers every store runs its conformance suite on: memory, a data folder (fs) and Redis
 * (`redisUrl()` is read when a storage is made, so it can come from `startTestRedis` in `beforeAll`).
 * Redis is left out where {@link testRedisIsAvailable} says none can be had.
 * Call `disposeTestStorages` in `afterAll` to close the Redis connections.
 */
export function testStorageDrivers(redisUrl: () => string): TestStorageDriver[] {
  const drivers: TestStorageDriver[] = [
    { name: "memory", create: async () => track(createStorage({ driver: memoryDriver() })) },
    {
      name: "fs",
      create: async () => {
        const { default: fsDriver } = await import("unstorage/drivers/fs");
        const base = mkdtempSync(join(tmpdir(), "interlingua-store-"));
        return track(createStorage({ driver: fsDriver({ base }) }));
      },
    },
    {
      name: "redis",
      create: async () => {
        const { default: redisDriver } = await import("unstorage/drivers/redis");
        const base = `test-${crypto.randomUUID()}`;
        return track(createStorage({ driver: redisDriver({ url: redisUrl(), base, lazyConnect: true }) }));
      },
    },
  ];
  return testRedisIsAvailable() ? drivers : drivers.filter((driver) => driver.name !== "redis");
}

const made: Storage[] = [];

function track(storage: Storage): Storage {
  made.push(storage);
  return storage;
}

/** Closes every storage {@link testStorageDrivers} made (Redis connections). */
export async function disposeTestStorages(): Promise<void> {
  await Promise.all(made.splice(0).map((storage) => storage.dispose()));
}
