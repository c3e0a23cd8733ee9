// Running on Node

// Shared state on Redis (what `redis` in the configuration builds)
export { createRedisKeyLimiter, sharedSlotSeconds } from "./limits/create-redis-key-limiter";
export {
  createNodeUpstreamFetch,
  defaultConnectMs,
  type NodeUpstreamFetchOptions,
} from "./node/create-node-upstream-fetch";
export {
  createNodeListener,
  type NodeListener,
  type NodeServer,
  type ServeNodeOptions,
  serveNode,
} from "./node/serve-node";
export type { SelfTimedFetch, UpstreamTimeouts } from "./pipeline/create-timed-fetch";
export { createFolderStorage } from "./stores/create-folder-storage";
export { createRedisGatewayState } from "./stores/create-redis-gateway-state";
export { createRedisStorage, defaultRedisPrefix } from "./stores/create-redis-storage";
