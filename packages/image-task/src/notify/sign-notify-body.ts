/** The header that carries the notify signature: `t=<epoch ms>,v1=<hex HMAC-SHA256>`. */
export const notifySignatureHeader = "X-Image-Task-Signature";

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
  let hex = "";
  for (const byte of signature) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** The signature header value for a body: HMAC-SHA256 over `<t>.<body>` with the shared secret. */
export async function signNotifyBody(secret: string, body: string, timestamp: number): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${body}`)}`;
}

/** Options of {@link verifyNotifySignature}. */
export interface VerifyNotifySignatureOptions {
  /** The shared secret. */
  secret: string;
  /** The header value as received. */
  header: string | null | undefined;
  /** The raw request body as received (before any JSON parsing). */
  body: string;
  /** How old a signature may be, in ms; default 5 minutes. */
  toleranceMs?: number;
  /** Current time, epoch ms; default `Date.now()`. */
  now?: number;
}

/** Checks a notify request the way a receiver should: recompute the HMAC and compare, and bound the age. */
export async function verifyNotifySignature(options: VerifyNotifySignatureOptions): Promise<boolean> {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(options.header ?? "");
  if (match === null) return false;
  const timestamp = Number(match[1]);
  const now = options.now ?? Date.now();
  if (Math.abs(now - timestamp) > (options.toleranceMs ?? 5 * 60_000)) return false;
  const expected = await hmacHex(options.secret, `${timestamp}.${options.body}`);
  const given = match[2]!;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return difference === 0;
}
