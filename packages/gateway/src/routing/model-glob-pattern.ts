/**
 * A model pattern of the configuration (an exact name, or a glob where `*` is any run of characters
 * and `?` one character, as in routes) as an anchored regular expression, for the codecs' model
 * family tables.
 */
export function modelGlobPattern(pattern: string): RegExp {
  const source = Array.from(pattern, (character) =>
    character === "*" ? ".*" : character === "?" ? "." : character.replace(/[\\^$.|+()[\]{}]/g, "\\$&"),
  ).join("");
  return new RegExp(`^${source}$`, "s");
}
