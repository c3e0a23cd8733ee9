// The gateway as a Workers module, for the runtime matrix in workerd. The gateway is built at
// module scope (no secret configured: it must draw none until a request needs it); settings come
// as JSON in the INTERLINGUA_RUNTIME_SETTINGS text binding, read on the first request.
import { createGateway, type Gateway } from "@interlingua/gateway";
import { runtimeGatewayConfig } from "./runtime-gateway-config";

const probe = createGateway({ providers: {}, routes: [] });
let gateway: Gateway | undefined;

export default {
  fetch(
    request: Request,
    env: { INTERLINGUA_RUNTIME_SETTINGS: string },
    context: { waitUntil(work: Promise<unknown>): void },
  ): Promise<Response> {
    if (new URL(request.url).pathname === "/probe") return probe.fetch(request);
    gateway ??= createGateway(runtimeGatewayConfig(JSON.parse(env.INTERLINGUA_RUNTIME_SETTINGS)));
    // The execution context keeps a background run going after its answer.
    return gateway.fetch(request, context);
  },
};
