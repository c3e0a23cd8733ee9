/** Hex of `bytes` random bytes from the platform's cryptographic generator. */
export function randomHexId(bytes = 16): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  let hex = "";
  for (const value of values) hex += value.toString(16).padStart(2, "0");
  return hex;
}

/**
 * A string of decimal digits carrying `bits` random bits (default 128), for ids whose clients
 * expect digits only (the image-task proxies' task ids). It starts with `1` so it never has a
 * leading zero a client could drop by reading it as a number, and has a fixed length
 * (`1` + the digits of 2^bits − 1, 40 digits for 128 bits).
 */
export function randomDecimalId(bits = 128): string {
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(bits / 8)));
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  value &= (1n << BigInt(bits)) - 1n;
  const width = ((1n << BigInt(bits)) - 1n).toString().length;
  return `1${value.toString().padStart(width, "0")}`;
}
