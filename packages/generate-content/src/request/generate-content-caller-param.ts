import { CanonicalError, type ConversionContext } from "@interlingua/core";

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

/**
 * `thrown` with its `param` spelled as the caller spelled the body: a decoder's refusal names the
 * lowerCamel field it read, `spell` gives the pointer back the caller's snake_case tokens.
 */
export function inCallerSpellingError(thrown: unknown, spell: (path: string) => string): unknown {
  if (!CanonicalError.isInstance(thrown) || thrown.param === undefined) return thrown;
  const tokens = thrown.param.split(".").map((token) => token.replaceAll("~", "~0").replaceAll("/", "~1"));
  const param = dottedParam(spell(`/${tokens.join("/")}`));
  if (param === thrown.param) return thrown;
  return new CanonicalError(thrown.kind, thrown.message, {
    param,
    status: thrown.status,
    ...(thrown.code !== undefined && { code: thrown.code }),
    cause: thrown,
  });
}
