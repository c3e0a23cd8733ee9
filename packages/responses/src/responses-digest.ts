import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * The SHA-256 digest of `value` as 64 lowercase hex characters: a stable stand-in, within the
 * API's 64-character limit, for an identifier that is longer (the same value always gives the same
 * digest, so the upstream still sees one user, one cache key, one tool call). Synchronous, as
 * encoders are (Web Crypto's digest is not); see docs/decisions/0008-sync-sha256-in-responses.md.
 */
export function responsesDigest(value: string): string {
  return bytesToHex(sha256(utf8ToBytes(value)));
}
