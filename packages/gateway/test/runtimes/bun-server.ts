// The gateway on Bun's own server (Bun.serve), for the runtime matrix. Settings come as JSON in
// INTERLINGUA_RUNTIME_SETTINGS; the server's URL is printed as one JSON line once it listens.
import { createGateway } from "@interlingua/gateway";
import { runtimeGatewayConfig } from "./runtime-gateway-config";

declare const Bun: {
  env: Record<string, string | undefined>;
  serve(options: { hostname: string; port: number; fetch(request: Request): Promise<Response> }): {
    url: URL;
  };
};

const gateway = createGateway(runtimeGatewayConfig(JSON.parse(Bun.env.INTERLINGUA_RUNTIME_SETTINGS ?? "")));
const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: gateway.fetch });
console.log(JSON.stringify({ url: server.url.href.replace(/\/$/, "") }));
