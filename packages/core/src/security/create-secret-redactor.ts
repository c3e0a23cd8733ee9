/** Replaces every configured secret in a text with `[redacted]`. */
export type SecretRedactor = (text: string) => string;

const regExpSyntax = /[.*+?^${}()|[\]\\]/g;

/**
 * A {@link SecretRedactor} for the given secrets (caller keys, upstream keys, the sealing secret),
 * matching each one as written and as it appears inside a JSON string. All the forms are compiled
 * once into one regular expression (an alternation, longest form first), which V8 runs as native
 * code: a text is scanned once whatever the number of secrets, and copied only when it holds one
 * (decision 0020).
 */
export function createSecretRedactor(secrets: readonly string[]): SecretRedactor {
  const forms = [
    ...new Set(
      secrets
        .filter((secret) => secret.length >= 4)
        .flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]),
    ),
  ].sort((left, right) => right.length - left.length);
  if (forms.length === 0) return (text) => text;
  const anyForm = new RegExp(forms.map((form) => form.replace(regExpSyntax, "\\$&")).join("|"), "g");
  return (text) => {
    anyForm.lastIndex = 0;
    if (!anyForm.test(text)) return text;
    anyForm.lastIndex = 0;
    return text.replace(anyForm, "[redacted]");
  };
}
