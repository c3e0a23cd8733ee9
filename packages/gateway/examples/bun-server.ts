import { createGateway, gatewayConfigFromEnvironment } from "@interlingua/gateway";

// `bun run bun-server.ts`: the gateway on Bun's own server, configured from the environment
// (`ANTHROPIC_API_KEY`, `OPENAI_API_KEY`, `GEMINI_API_KEY`, `*_BASE_URL`, `INTERLINGUA_API_KEYS`, …).
const gateway = createGateway(gatewayConfigFromEnvironment(Bun.env));
const server = Bun.serve({ hostname: "127.0.0.1", port: Number(Bun.env.PORT ?? 8787), fetch: gateway.fetch });
console.log(`interlingua gateway on ${server.url}`);
