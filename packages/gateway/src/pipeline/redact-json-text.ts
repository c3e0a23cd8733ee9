import type { SecretRedactor } from "./create-secret-redactor";

/**
 * JSON text as an upstream wrote it, with every secret redacted, `parsed` being the same text
 * parsed. The text is kept byte for byte when it spells no character with a `\u` escape; one that
 * does could hide a secret from a match on the raw text (`"sk-\u0061bc"`), so it is checked in its
 * plain spelling and, if that holds a secret, rewritten from the parsed value.
 */
export function redactJsonText(text: string, parsed: unknown, redact: SecretRedactor): string {
  const redacted = redact(text);
  if (!text.includes("\\u")) return redacted;
  const plain = JSON.stringify(parsed);
  const plainRedacted = redact(plain);
  return plainRedacted === plain ? redacted : plainRedacted;
}
