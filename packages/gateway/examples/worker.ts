import { createGateway, type Gateway, gatewayConfigFromEnvironment } from "@interlingua/gateway";

let gateway: Gateway | undefined;

/**
 * A Workers-style module: `fetch(request, env)`. The gateway is built once from the bindings
 * (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GEMINI_API_KEY`, `*_BASE_URL`, `INTERLINGUA_API_KEYS`,
 * `INTERLINGUA_SECRET`) and reused across requests.
 */
export default {
  fetch(request: Request, env: Record<string, string | undefined>): Promise<Response> {
    gateway ??= createGateway(gatewayConfigFromEnvironment(env));
    return gateway.fetch(request);
  },
};
