import { CanonicalError } from "@interlingua/core";

function tooLarge(limit: number): CanonicalError {
  return new CanonicalError("request_too_large", `Request body is larger than the limit of ${limit} bytes.`, {
    code: "request_too_large",
  });
}

/**
 * The request body as text, refused with `request_too_large` as soon as it is known to exceed
 * `limit` bytes: at once from `content-length`, otherwise while reading, before the rest arrives.
 */
export async function readLimitedBody(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
