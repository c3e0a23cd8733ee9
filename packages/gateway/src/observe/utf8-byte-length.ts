/** The number of bytes `text` takes in UTF-8 (lone surrogates count as the 3 bytes of U+FFFD). */
export function utf8ByteLength(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2;
        index++;
      } else bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}
