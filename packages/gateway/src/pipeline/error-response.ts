import type { AnyCodec, CanonicalError } from "@interlingua/core";
import type { SecretRedactor } from "./create-secret-redactor";

/** A canonical error as an HTTP answer in `codec`'s own shape, with every secret redacted. */
export function errorResponse(codec: AnyCodec, error: CanonicalError, redact: SecretRedactor): Response {
  const wire = codec.errorToWire(error);
  const headers = new Headers(wire.headers);
  headers.set("content-type", "application/json");
  return new Response(redact(JSON.stringify(wire.body)), { status: wire.status, headers });
}

/** An error answer for a path no front serves, in a neutral JSON shape. */
export function unknownPathResponse(method: string, url: URL): Response {
  const body = {
    error: { type: "not_found_error", message: `Nothing is served at ${method} ${url.pathname}.` },
  };
  return Response.json(body, { status: 404 });
}
