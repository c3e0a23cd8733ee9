import type { Gateway } from "@interlingua/gateway";
import { Hono } from "hono";

/** A Hono app with its own routes and the gateway behind every model API path. */
export function createHonoApp(gateway: Gateway) {
  const app = new Hono();
  app.get("/health", (context) => context.text("ok"));
  for (const path of ["/v1/*", "/v1beta/*"]) app.all(path, (context) => gateway.fetch(context.req.raw));
  return app;
}
