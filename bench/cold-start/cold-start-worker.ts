// The module whose cold start bench/cold-start.ts measures: a Workers-style gateway in front of one
// messages upstream (the UPSTREAM binding), built on the first request.
import { createGateway, type Gateway } from "@interlingua/gateway";

let gateway: Gateway | undefined;

export default {
  fetch(request: Request, env: { UPSTREAM: string }): Promise<Response> {
    gateway ??= createGateway({
      providers: { upstream: { type: "messages", baseURL: env.UPSTREAM, apiKey: "upstream-key" } },
      routes: [{ model: "*", provider: "upstream" }],
    });
    return gateway.fetch(request);
  },
};
