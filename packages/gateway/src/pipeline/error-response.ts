import type { AnyCodec, CanonicalError } from "@interlingua/core";
import type { SecretRedactor } from "./create-secret-redactor";

/** A canonical error as an HTTP answer in `codec`'s own shape, with every secret redacted. */
export function errorResponse(codec: AnyCodec, error: CanonicalError, redact: SecretRedactor): Response {
  const wire = codec.errorToWire(error);
  const headers = new Headers(wire.headers);
  headers.set("content-type", "application/json");
  return new Response(redact(JSON.stringify(wire.body)), { status: wire.status, headers });
}
