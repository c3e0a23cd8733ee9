import type { Gateway } from "@interlingua/gateway";
import { createNodeListener } from "@interlingua/gateway/node";
import express from "express";

/** An Express app: JSON parsing for its own routes only, the gateway for the model APIs. */
export function createExpressApp(gateway: Gateway) {
  const app = express();
  app.post("/notes", express.json(), (request, response) => {
    response.json({ saved: request.body });
  });
  // No body parser in front of the gateway: it reads (and size-limits) the stream itself.
  app.use(["/v1", "/v1beta"], (request, response) => {
    request.url = request.originalUrl;
    createNodeListener(gateway)(request, response);
  });
  return app;
}
