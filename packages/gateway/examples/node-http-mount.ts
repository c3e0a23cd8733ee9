import { createServer } from "node:http";
import type { Gateway } from "@interlingua/gateway";
import { createNodeListener } from "@interlingua/gateway/node";

/** Mounts the gateway under `/llm` in an existing Node http server that also serves other paths. */
export function createAppServer(gateway: Gateway) {
  const llm = createNodeListener(gateway);
  return createServer((request, response) => {
    if (request.url?.startsWith("/llm/")) {
      request.url = request.url.slice("/llm".length);
      llm(request, response);
      return;
    }
    response.writeHead(200, { "content-type": "text/plain" }).end("the rest of the app");
  });
}
