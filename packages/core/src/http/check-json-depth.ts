import { CanonicalError } from "../errors/canonical-error";

/** How deep request JSON may nest (objects and arrays); far beyond any real request, far below a stack overflow. */
export const maxJsonDepth = 128;

/**
 * Refuses JSON text that nests objects and arrays deeper than `limit` with `invalid_request` naming
 * the limit, before anything parses or walks it. A linear scan that skips strings; it does not
 * validate the JSON (the parser does that afterwards).
 */
export function checkJsonDepth(text: string, limit: number = maxJsonDepth): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > limit)
        throw new CanonicalError(
          "invalid_request",
          `The request body nests JSON deeper than the limit of ${limit} levels.`,
          {
            code: "json_too_deep",
          },
        );
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
}
