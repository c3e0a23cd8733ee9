import type { ConversionContext } from "@interlingua/core";
import { chatCompletionsFormatId, isWireObject } from "../chat-completions-extensions";

/** The characters of the padding (OpenAI's are letters and digits). */
const paddingAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * The size padding rounds a chunk's changing part up to: OpenAI's recorded streams pad each delta
 * to 16 characters (`"Hello"` with 11, `","` with 15: specs/recordings/responses/text.sse).
 */
const paddedSize = 16;

/**
 * Whether the caller asked for `obfuscation` padding on the chunks
 * (`stream_options.include_obfuscation: true`), which the front's stream encoder then adds itself:
 * a converted stream has none of the upstream's (decision 0050).
 */
export function asksObfuscation(context: ConversionContext): boolean {
  const options = context.request?.extensions?.[chatCompletionsFormatId]?.stream_options;
  return isWireObject(options) && options.include_obfuscation === true;
}

/**
 * Random letters and digits that bring `size` characters up to the next multiple of 16 (at least
 * one), so chunk sizes do not tell the text's length (the side channel the spec's `obfuscation`
 * field mitigates). From the platform's cryptographic generator, drawn while a stream is encoded.
 */
export function obfuscationPadding(size: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(paddedSize - (size % paddedSize)));
  let padding = "";
  for (const byte of bytes) padding += paddingAlphabet[byte % paddingAlphabet.length];
  return padding;
}
