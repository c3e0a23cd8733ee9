// What a bundler keeps of a Workers-style gateway module (bundle-size.test.ts measures it).
import { createGateway, type Gateway, gatewayConfigFromEnvironment } from "@interlingua/gateway";

let gateway: Gateway | undefined;

export default {
  fetch(request: Request, env: Record<string, string | undefined>): Promise<Response> {
    gateway ??= createGateway(gatewayConfigFromEnvironment(env));
    return gateway.fetch(request);
  },
};
