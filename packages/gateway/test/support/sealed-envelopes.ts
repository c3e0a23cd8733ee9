/** The sealed envelopes (standard base64, `aWwyc2ln…`) written anywhere in a text, such as a body. */
export function sealedEnvelopesIn(text: string): string[] {
  return [...text.matchAll(/aWwyc2ln[A-Za-z0-9+/]*={0,2}/g)].map((match) => match[0]);
}

/**
 * The backend format each sealed envelope in a text names: the byte after the magic `il2sig` is the
 * name's length, the name follows. For tests that check which backend's state a client was given.
 */
export function sealedFormatsIn(text: string): string[] {
  return sealedEnvelopesIn(text).map((envelope) => {
    const bytes = atob(envelope);
    return bytes.slice(7, 7 + bytes.charCodeAt(6));
  });
}
