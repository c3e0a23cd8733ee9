import type { RecordedHeaders } from "./recorded-exchange";

/** What a redacted secret is replaced with. */
export const redactedValue = "[redacted]";

const secretHeaders = new Set([
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "api-key",
  "x-goog-api-key",
  "cookie",
  "set-cookie",
]);

const secretQueryParameters = new Set(["key", "api_key", "apikey", "access_token"]);

/** Whether a header carries a credential (by name: keys, tokens, cookies). */
export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return secretHeaders.has(lower) || /(^|-)(token|secret|api-key)$/.test(lower);
}

/** Headers as a plain record with lower-case names and every credential replaced by {@link redactedValue}. */
export function redactHeaders(
  headers: Headers | Iterable<[string, string]> | Record<string, string> | undefined,
): RecordedHeaders {
  const redacted: RecordedHeaders = {};
  if (headers === undefined) return redacted;
  const entries =
    headers instanceof Headers || Symbol.iterator in headers
      ? (headers as Iterable<[string, string]>)
      : Object.entries(headers);
  for (const [name, value] of entries) {
    const lower = name.toLowerCase();
    redacted[lower] = isSecretHeader(lower) ? redactedValue : value;
  }
  return redacted;
}

/** A request path with credentials in its query (`?key=…`, as generate-content clients may send) redacted. */
export function redactPath(path: string): string {
  const queryStart = path.indexOf("?");
  if (queryStart < 0) return path;
  const parameters = new URLSearchParams(path.slice(queryStart + 1));
  let changed = false;
  for (const name of [...parameters.keys()]) {
    if (secretQueryParameters.has(name.toLowerCase())) {
      parameters.set(name, redactedValue);
      changed = true;
    }
  }
  return changed ? `${path.slice(0, queryStart)}?${parameters.toString()}` : path;
}
