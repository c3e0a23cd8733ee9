import type { ConversionContext } from "./conversion-context";

/** A JSON pointer as the dotted field name a refusal's `param` gives (`/contents/0/parts` → `contents.0.parts`). */
export function dottedParam(path: string): string {
  return path
    .slice(1)
    .split("/")
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"))
    .join(".");
}

/**
 * The caller's own field for an encoder's refusal of the canonical node at `canonicalPath`: where
 * the caller's document had it (through the trace its decoder made), dotted; the canonical path,
 * dotted, when the trace places it nowhere in particular (a canonical request built in code).
 */
export function callerParam(context: ConversionContext, canonicalPath: string): string {
  const source = context.sourcePath(canonicalPath);
  return dottedParam(source === "" ? canonicalPath : source);
}
