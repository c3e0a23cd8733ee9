// Running on Node
export { type NodeServer, type ServeNodeOptions, serveNode } from "./node/serve-node";
