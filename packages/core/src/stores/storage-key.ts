/** Longest storage key segment made from an id; longer ids are never stored (file names stop at 255 bytes). */
export const maxStorageKeyLength = 200;

const plainKey = /^[A-Za-z0-9_-]+$/;

/**
 * The storage key segment of an id: the id itself when it is letters, digits, `_` and `-`, else `~`
 * and its UTF-8 in base64url, so no id can name another key, a folder (`:` `/`) or leave the data
 * folder (`..`). Undefined when the segment would be longer than {@link maxStorageKeyLength}.
 */
export function storageKeyOf(id: string): string | undefined {
  const key = plainKey.test(id) ? id : `~${base64url(new TextEncoder().encode(id))}`;
  return key.length <= maxStorageKeyLength ? key : undefined;
}

/** The id a storage key segment of {@link storageKeyOf} was made from (its inverse). */
export function idOfStorageKey(key: string): string {
  if (!key.startsWith("~")) return key;
  const binary = atob(key.slice(1).replaceAll("-", "+").replaceAll("_", "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
