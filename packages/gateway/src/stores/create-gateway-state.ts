import { createMemoryResponseStore, createStorageResponseStore, type ResponseStore } from "@interlingua/core";
import type { GatewayConfig } from "../config/gateway-config-schema";
import { createKeyLimiter, type KeyLimiter } from "../limits/create-key-limiter";
import { createStorageUpstreamContinuations } from "../pipeline/storage-upstream-continuations";
import { createUpstreamContinuations, type UpstreamContinuations } from "../pipeline/upstream-continuations";
import { createMemoryRunStore, type RunStore } from "../runs/run-store";
import { createStorageRunStore } from "../runs/storage-run-store";

/**
 * The Node entry, which holds the Redis state, imported by a name that bundlers do not follow: the
 * Redis client needs Node, and a Worker's bundle of the gateway must not hold it.
 */
const nodeEntry = "@interlingua/gateway/node";

/** Where a gateway keeps what outlives one exchange. */
export interface GatewayState {
  /** Stored responses-format exchanges (`previous_response_id` over other backends). */
  responseStore: ResponseStore;
  /** Which tenant received each answer id of a same-format upstream. */
  continuations: UpstreamContinuations;
  /** Background runs and the events of streams kept for resuming. */
  runs: RunStore;
  /** Per-key limits, when configured. */
  limiter: KeyLimiter | undefined;
  /** Closes the connections opened here (Redis); nothing for memory or a given storage. */
  close(): Promise<void>;
}

/**
 * The gateway's state from its configuration: on Redis with `redis` (shared by every instance on it,
 * limits included; the Node entry with the Redis client is imported on first use), on `stores.storage` when given (a
 * data folder), else in this process's memory. A `responseStore` given in the configuration is used
 * as it is.
 */
export function createGatewayState(config: GatewayConfig): GatewayState {
  const { redis } = config;
  if (redis !== undefined)
    return deferredState(import(/* @vite-ignore */ nodeEntry) as Promise<NodeEntry>, { ...config, redis });
  const storage = config.stores?.storage;
  const perKey = config.limits?.perKey;
  return {
    responseStore:
      config.responseStore ??
      (storage === undefined
        ? createMemoryResponseStore(config.responseStoreLimits)
        : createStorageResponseStore(storage, config.responseStoreLimits)),
    continuations:
      storage === undefined ? createUpstreamContinuations() : createStorageUpstreamContinuations(storage),
    runs: storage === undefined ? createMemoryRunStore() : createStorageRunStore(storage),
    limiter: perKey && createKeyLimiter(perKey),
    close: async () => {},
  };
}

type NodeEntry = typeof import("../node");

/** A state whose every call waits for the Redis one to be built. */
function deferredState(
  module: Promise<NodeEntry>,
  config: Parameters<NodeEntry["createRedisGatewayState"]>[0],
): GatewayState {
  const ready = module.then((loaded) => loaded.createRedisGatewayState(config));
  // Awaited by the first call; a failure to load is that call's error, not an unhandled rejection.
  ready.catch(() => undefined);
  return {
    responseStore: {
      get: async (id) => (await ready).responseStore.get(id),
      set: async (record) => (await ready).responseStore.set(record),
      delete: async (id) => (await ready).responseStore.delete(id),
    },
    continuations: {
      record: async (id, tenant, provider) => (await ready).continuations.record(id, tenant, provider),
      providerOf: async (id, tenant) => (await ready).continuations.providerOf(id, tenant),
      check: async (id, tenant, param) => (await ready).continuations.check(id, tenant, param),
    },
    runs: {
      get: async (id) => (await ready).runs.get(id),
      set: async (run) => (await ready).runs.set(run),
      delete: async (id) => (await ready).runs.delete(id),
    },
    limiter: config.limits?.perKey && { admit: async (key) => (await ready).limiter!.admit(key) },
    close: async () => (await ready).close(),
  };
}
