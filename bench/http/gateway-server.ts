import { createGateway, type GatewayConfig } from "@interlingua/gateway";
import { createNodeUpstreamFetch, type NodeServer, serveNode } from "@interlingua/gateway/node";
import { type BenchFormat, benchApiKey, benchFormats } from "./wire-fixtures";

/** The model name that the gateway routes to the upstream of `format` (`to-messages`). */
export const modelFor = (format: BenchFormat) => `to-${format}`;

/** How the gateway is run: as `interlingua serve` runs it on Node, or on the portable path only. */
export type GatewayPath = "node" | "portable";

/**
 * The gateway of the HTTP benchmark over `serveNode`: one provider per format, all on the fake
 * `upstream`, and a route `to-<format>*` to each. On the `node` path it is built as `interlingua
 * serve` builds it (the Node upstream client, the gateway itself given to `serveNode`); on the
 * `portable` path with the global `fetch` and only `gateway.fetch` given to `serveNode`, as a
 * runtime without the Node entry point would run it.
 */
export async function startGatewayServer(upstream: string, path: GatewayPath): Promise<NodeServer> {
  const config: GatewayConfig = {
    providers: Object.fromEntries(
      benchFormats.map((format) => [format, { type: format, baseURL: upstream, apiKey: "sk-upstream-key" }]),
    ),
    routes: benchFormats.map((format) => ({ model: `${modelFor(format)}*`, provider: format })),
    auth: { keys: [benchApiKey] },
    ...(path === "node" ? { fetch: createNodeUpstreamFetch() } : {}),
  };
  const gateway = createGateway(config);
  return serveNode(path === "node" ? gateway : { fetch: (request) => gateway.fetch(request) });
}
