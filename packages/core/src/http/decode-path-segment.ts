import { CanonicalError } from "../errors/canonical-error";

/**
 * A percent-encoded URL path segment decoded (`a%2Fb` → `a/b`), refused with `invalid_request`
 * naming `param` when it is not valid percent-encoding (`%ZZ`), instead of a `URIError`.
 */
export function decodePathSegment(segment: string, param: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new CanonicalError(
      "invalid_request",
      `The ${param} in the URL path is not valid percent-encoding: '${segment}'.`,
      {
        param,
      },
    );
  }
}
