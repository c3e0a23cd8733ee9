/** A base64 `data:` URL; its media type may be empty (RFC 2397: "If <mediatype> is omitted, it defaults to text/plain"). */
const dataUrl = /^data:([^;,]*);base64,(.*)$/s;

/**
 * A base64 `data:` URL as its media type (empty when the URL names none, as it came) and data, or
 * undefined for any other string.
 */
export function parseDataUrl(url: string): { mediaType: string; data: string } | undefined {
  const match = dataUrl.exec(url);
  return match ? { mediaType: match[1] as string, data: match[2] as string } : undefined;
}

/** Media type and base64 data as a `data:` URL. */
export function formatDataUrl(mediaType: string, data: string): string {
  return `data:${mediaType};base64,${data}`;
}
