import { createGateway, type GatewayConfig } from "@interlingua/gateway";
import { serveNode } from "@interlingua/gateway/node";

/** Runs the gateway on its own Node server (127.0.0.1 unless `host` says otherwise). */
export async function startGateway(config: GatewayConfig, port = 8787) {
  const gateway = createGateway(config);
  const server = await serveNode(gateway, { port });
  console.log(`interlingua gateway on ${server.url}`);
  return server;
}
