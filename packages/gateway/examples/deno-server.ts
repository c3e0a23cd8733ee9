import { createGateway, gatewayConfigFromEnvironment } from "@interlingua/gateway";

// `deno run --allow-net --allow-env deno-server.ts`: the gateway on Deno's own server, configured
// from the environment (`ANTHROPIC_API_KEY`, `OPENAI_API_KEY`, `*_BASE_URL`, `INTERLINGUA_API_KEYS`, …).
const gateway = createGateway(gatewayConfigFromEnvironment(Deno.env.toObject()));
Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT") ?? 8787) }, gateway.fetch);
