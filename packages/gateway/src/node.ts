// Running on Node
export {
  createNodeListener,
  type NodeListener,
  type NodeServer,
  type ServeNodeOptions,
  serveNode,
} from "./node/serve-node";
export {
  createNodeUpstreamFetch,
  defaultConnectMs,
  type NodeUpstreamFetchOptions,
} from "./node/create-node-upstream-fetch";
