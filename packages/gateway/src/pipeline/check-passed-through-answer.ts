import { type AnyCodec, createConversionContext } from "@interlingua/core";
import * as z from "zod/mini";
import type { PlainAnswer } from "../http/gateway-answer";
import type { SecretRedactor } from "./create-secret-redactor";
import type { PassThroughWatch } from "./pass-through-watch";
import { redactJsonText } from "./redact-json-text";
import type { UpstreamAnswer } from "./upstream-answer";
import { asCallerError } from "./upstream-auth-failure";
import { readUpstreamJson, upstreamBadAnswer } from "./upstream-exchange";

const textEncoder = new TextEncoder();

/** The body to forward, as bytes, its size told to `watch`. */
function forwarded(text: string, watch: PassThroughWatch | undefined): Uint8Array<ArrayBuffer> {
  const bytes = textEncoder.encode(text);
  watch?.bytes?.(bytes.byteLength);
  return bytes;
}

/**
 * A whole same-format answer (a success or an error) checked before any of it is forwarded: read
 * to the end, parsed, and, for a success, accepted by the codec's response decoder, so a body cut
 * off mid-way or an HTML page is never a 200. An error in the format's own shape goes on with its
 * status; any other error body (a proxy's HTML 502 page) and any upstream refusal of the gateway's
 * credentials are thrown as the format's error (see {@link asCallerError}). Secrets are redacted;
 * `onAnswerId` is told the id of a successful answer (and awaited, so the id is recorded before the
 * caller can continue from it), `watch` the answer and the body's size.
 */
export async function checkPassedThroughAnswer(
  response: Pick<UpstreamAnswer, "status" | "ok" | "headers" | "text">,
  codec: AnyCodec,
  redact: SecretRedactor,
  onAnswerId?: (id: string) => void | Promise<void>,
  watch?: PassThroughWatch,
): Promise<PlainAnswer> {
  const { text, parsed } = await readUpstreamJson(response, () => {
    const type = response.headers.get("content-type") ?? "no content type";
    return response.ok
      ? upstreamBadAnswer("The upstream's answer is not valid JSON (it was cut off or is not an answer).")
      : upstreamBadAnswer(
          `The upstream answered HTTP ${response.status} with a body that is not JSON (${type}).`,
          response.status === 429 ? 429 : 502,
        );
  });
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (response.ok) {
    let id: string;
    try {
      const answer = codec.decodeResponse(parsed, createConversionContext());
      id = answer.id;
      watch?.answer?.(answer);
    } catch (thrown) {
      throw upstreamBadAnswer(`The upstream's answer is not a valid answer: ${(thrown as Error).message}`);
    }
    await onAnswerId?.(id);
    headers["x-interlingua-losses"] = "0";
    return { status: response.status, headers, body: forwarded(redactJsonText(text, parsed, redact), watch) };
  }
  const error = codec.errorFromWire(response.status, parsed, response.headers);
  const callerError = asCallerError(error);
  if (callerError !== error || !z.safeParse(codec.schemas.error, parsed).success) throw callerError;
  const retryAfter = response.headers.get("retry-after");
  if (retryAfter) headers["retry-after"] = retryAfter;
  return { status: response.status, headers, body: forwarded(redactJsonText(text, parsed, redact), watch) };
}
