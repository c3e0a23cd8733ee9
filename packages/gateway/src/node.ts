// Running on Node

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
