import { CanonicalError } from "../errors/canonical-error";

/** The `request_too_large` error of a request body over `limit` bytes. */
export function requestTooLarge(limit: number): CanonicalError {
  return new CanonicalError("request_too_large", `Request body is larger than the limit of ${limit} bytes.`, {
    code: "request_too_large",
  });
}

/**
 * A request body as UTF-8 text, refused with `request_too_large` as soon as it is known to exceed
 * `limit` bytes (at once from `content-length`, otherwise while reading, before the rest arrives, so
 * no more than `limit` bytes are ever held), and with `invalid_request` when it is not valid UTF-8.
 */
export async function readLimitedText(
  request: Pick<Request, "headers" | "body">,
  limit: number,
): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) throw requestTooLarge(limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel(requestTooLarge(limit)).catch(() => undefined);
      throw requestTooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bodyText(bytes);
}

/** A request body's bytes as UTF-8 text, refused with `invalid_request` when they are not valid UTF-8. */
export function bodyText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new CanonicalError("invalid_request", "The request body is not valid UTF-8.", {
      code: "invalid_utf8",
    });
  }
}
