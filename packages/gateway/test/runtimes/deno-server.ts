// The gateway on Deno's own server (Deno.serve), for the runtime matrix. Settings come as JSON in
// INTERLINGUA_RUNTIME_SETTINGS; the server's URL is printed as one JSON line once it listens.
import { createGateway } from "@interlingua/gateway";
import { runtimeGatewayConfig } from "./runtime-gateway-config";

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(
    options: { hostname: string; port: number; onListen(address: { hostname: string; port: number }): void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

const gateway = createGateway(
  runtimeGatewayConfig(JSON.parse(Deno.env.get("INTERLINGUA_RUNTIME_SETTINGS") ?? "")),
);
Deno.serve(
  {
    hostname: "127.0.0.1",
    port: 0,
    onListen: ({ hostname, port }) => console.log(JSON.stringify({ url: `http://${hostname}:${port}` })),
  },
  gateway.fetch,
);
