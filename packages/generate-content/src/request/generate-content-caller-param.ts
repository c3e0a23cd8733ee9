import { CanonicalError, dottedParam } from "@interlingua/core";

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
