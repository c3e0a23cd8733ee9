/** Replaces every configured secret in a text with `[redacted]`. */
export type SecretRedactor = (text: string) => string;

/**
 * A {@link SecretRedactor} for the given secrets (caller keys, upstream keys, the sealing secret),
 * matching each one as written and as it appears inside a JSON string.
 */
export function createSecretRedactor(secrets: readonly string[]): SecretRedactor {
  const forms = [...new Set(secrets.filter((secret) => secret.length >= 4))]
    .flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)])
    .sort((left, right) => right.length - left.length);
  return (text) => {
    let result = text;
    for (const form of forms) if (result.includes(form)) result = result.replaceAll(form, "[redacted]");
    return result;
  };
}
