import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { constantTimeEqual } from "../crypto/constant-time-equal";

/** Checks presented API keys against the configured ones. */
export interface KeyVerifier {
  /** Whether keys are required at all (some were configured). */
  readonly required: boolean;
  /** Whether `presented` is one of the keys; the time taken does not depend on where they differ. */
  verify(presented: string | undefined): boolean;
  /**
   * The tenant a presented key acts as, for what the gateway stores on its behalf: the SHA-256 of
   * the key in hex (never the key itself), or `""` when no keys are configured (one open tenant).
   */
  tenantOf(presented: string | undefined): string;
  /**
   * {@link verify} and {@link tenantOf} with one digest of the key: the tenant `presented` acts as
   * when it is one of the keys (`""` when none are configured), `undefined` when it is not.
   */
  verifiedTenant(presented: string | undefined): string | undefined;
}

const textEncoder = new TextEncoder();

/**
 * A {@link KeyVerifier} for the given keys. Keys are compared as SHA-256 digests (fixed length, so
 * the key's length leaks nothing), each in constant time, against every configured key with no early
 * exit. The digest is computed synchronously: WebCrypto's asynchronous one costs a thread-pool round
 * trip per request (hundreds of microseconds under load), more than the rest of a pass-through.
 */
export function createKeyVerifier(keys: readonly string[]): KeyVerifier {
  const expected = keys.map((key) => sha256(textEncoder.encode(key)));
  return {
    required: keys.length > 0,
    verify(presented) {
      if (keys.length === 0) return true;
      const candidate = sha256(textEncoder.encode(presented ?? ""));
      let matches = false;
      for (const key of expected) matches = constantTimeEqual(key, candidate) || matches;
      return matches && presented !== undefined;
    },
    tenantOf(presented) {
      if (keys.length === 0) return "";
      return `key-sha256:${bytesToHex(sha256(textEncoder.encode(presented ?? "")))}`;
    },
    verifiedTenant(presented) {
      if (keys.length === 0) return "";
      const candidate = sha256(textEncoder.encode(presented ?? ""));
      let matches = false;
      for (const key of expected) matches = constantTimeEqual(key, candidate) || matches;
      return matches && presented !== undefined ? `key-sha256:${bytesToHex(candidate)}` : undefined;
    },
  };
}
