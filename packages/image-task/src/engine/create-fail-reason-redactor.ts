import { createSecretRedactor } from "@interlingua/core";

/** A quoted token, up to whitespace, leaving a sentence's closing punctuation. */
const token = String.raw`\S+?(?=[.,;:!?)]?(?:\s|$))`;

/** What upstreams quote as a key: `API key provided: <key>`, `Bearer <key>`, and well-known key shapes. */
const quotedKeys: readonly RegExp[] = [
  new RegExp(String.raw`(\bapi[ _-]?key(?: provided)?:\s*)${token}`, "gi"),
  new RegExp(String.raw`(\bbearer\s+)${token}`, "gi"),
  /()\bsk-[A-Za-z0-9_*-]{8,}/g,
  /()\bAIza[0-9A-Za-z_-]{20,}/g,
];

/**
 * Cleans a backend's failure before it becomes a task's stored `failReason` (which every reader of
 * the task and every notify hook sees): each of `secrets` (upstream keys, the service's API keys) is
 * replaced by `[redacted]` as in the gateway's answers, and so is whatever the message quotes as an
 * API key, since an upstream that echoes a key it was given may echo one that was never configured here.
 */
export function createFailReasonRedactor(secrets: readonly string[]): (reason: string) => string {
  const redactSecrets = createSecretRedactor(secrets);
  return (reason) => {
    let result = redactSecrets(reason);
    for (const pattern of quotedKeys) result = result.replace(pattern, "$1[redacted]");
    return result;
  };
}
