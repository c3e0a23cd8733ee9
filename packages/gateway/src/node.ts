// Running on Node
export {
  createNodeListener,
  type NodeListener,
  type NodeServer,
  type ServeNodeOptions,
  serveNode,
} from "./node/serve-node";
