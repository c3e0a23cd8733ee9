const urlSafeCharacters = /[-_]/;

/**
 * Standard base64 (the canonical `base64` source's alphabet) from standard or URL-safe base64, and
 * whether it was URL-safe: a decoder keeps that as a mark of its own, so its format gets the text
 * back as the caller spelled it.
 */
export function toStandardBase64(data: string): { data: string; urlSafe: boolean } {
  if (!urlSafeCharacters.test(data)) return { data, urlSafe: false };
  return { data: data.replaceAll("-", "+").replaceAll("_", "/"), urlSafe: true };
}

/** URL-safe base64 from standard base64. */
export function toUrlSafeBase64(data: string): string {
  return data.replaceAll("+", "-").replaceAll("/", "_");
}
