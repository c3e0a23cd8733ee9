import type { AnyCodec, CanonicalError } from "@interlingua/core";
import type { SecretRedactor } from "./create-secret-redactor";

const textEncoder = new TextEncoder();

/**
 * A canonical error as an HTTP answer in `codec`'s own shape, with every secret redacted;
 * `onBytes` is told the body's size (the exchange's bytes out).
 */
export function errorResponse(
  codec: AnyCodec,
  error: CanonicalError,
  redact: SecretRedactor,
  onBytes?: (bytes: number) => void,
): Response {
  const wire = codec.errorToWire(error);
  const headers = new Headers(wire.headers);
  headers.set("content-type", "application/json");
  const body = textEncoder.encode(redact(JSON.stringify(wire.body)));
  onBytes?.(body.byteLength);
  return new Response(body, { status: wire.status, headers });
}
