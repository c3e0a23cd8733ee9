/** The characters of the padding (OpenAI's are letters and digits). */
const paddingAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * The size padding rounds a streamed piece up to: OpenAI's recorded streams pad each delta to 16
 * characters (`"Hello"` with 11, `","` with 15: specs/recordings/responses/text.sse).
 */
const paddedSize = 16;

/**
 * Stream `obfuscation` padding: random letters and digits that bring `size` characters up to the
 * next multiple of 16 (at least one), so the sizes of a stream's events do not tell the lengths of
 * its text (the side channel the chat-completions and responses `obfuscation` fields mitigate).
 * From the platform's cryptographic generator, drawn while a stream is encoded (decision 0050).
 */
export function obfuscationPadding(size: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(paddedSize - (size % paddedSize)));
  let padding = "";
  for (const byte of bytes) padding += paddingAlphabet[byte % paddingAlphabet.length];
  return padding;
}
