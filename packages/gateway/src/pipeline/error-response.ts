import type { AnyCodec, CanonicalError } from "@interlingua/core";
import { type PlainAnswer, toResponse } from "../http/gateway-answer";
import type { SecretRedactor } from "./create-secret-redactor";

const textEncoder = new TextEncoder();

/**
 * A canonical error as an HTTP answer in `codec`'s own shape, with every secret redacted;
 * `onBytes` is told the body's size (the exchange's bytes out).
 */
export function errorAnswer(
  codec: AnyCodec,
  error: CanonicalError,
  redact: SecretRedactor,
  onBytes?: (bytes: number) => void,
): PlainAnswer {
  const wire = codec.errorToWire(error);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(wire.headers ?? {})) headers[name.toLowerCase()] = value;
  headers["content-type"] = "application/json";
  const body = textEncoder.encode(redact(JSON.stringify(wire.body)));
  onBytes?.(body.byteLength);
  return { status: wire.status, headers, body };
}

/** {@link errorAnswer} as a `Response`. */
export function errorResponse(
  codec: AnyCodec,
  error: CanonicalError,
  redact: SecretRedactor,
  onBytes?: (bytes: number) => void,
): Response {
  return toResponse(errorAnswer(codec, error, redact, onBytes));
}
