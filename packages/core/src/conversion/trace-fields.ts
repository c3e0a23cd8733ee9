import type { ConversionContext } from "./conversion-context";
import { pointer } from "./conversion-context";

/**
 * The value at a JSON pointer (RFC 6901) inside `document`, or undefined when nothing is there. The
 * pointer is read token by token in place (no array of tokens), and only a token holding `~` is
 * unescaped: every source look-up of a loss report runs it (decision 0053).
 */
export function valueAtPointer(document: unknown, path: string): unknown {
  if (path === "") return document;
  let value = document;
  for (let start = 1; ; ) {
    if (typeof value !== "object" || value === null) return undefined;
    const end = path.indexOf("/", start);
    const token = end === -1 ? path.slice(start) : path.slice(start, end);
    const key = token.includes("~") ? token.replaceAll("~1", "/").replaceAll("~0", "~") : token;
    value = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
    if (end === -1) return value;
    start = end + 1;
  }
}

/**
 * Traces canonical fields to the source fields they were decoded from, for a decoder: each entry
 * of `fields` is `canonical pointer → source pointer`, both relative to the given bases, and is
 * recorded only where the source document has a value at that pointer (`sameShape`: see
 * {@link ConversionContext.trace}). The look-ups run only if a loss is reported
 * ({@link ConversionContext.traceLater}), against `source` as it is then: a decoder does not change it.
 */
export function traceFields(
  context: ConversionContext,
  source: unknown,
  fields: Readonly<Record<string, string>>,
  bases: { canonical?: string; source?: string } = {},
  sameShape = false,
): void {
  context.traceLater(() => {
    const canonicalBase = bases.canonical ?? "";
    const sourceBase = bases.source ?? "";
    const holder = valueAtPointer(source, sourceBase);
    for (const [canonical, field] of Object.entries(fields))
      if (valueAtPointer(holder, field) !== undefined)
        context.trace(canonicalBase + canonical, sourceBase + field, sameShape);
  });
}

/**
 * Traces the fields a decoder kept in `extensions[format]` of the canonical node at `canonicalBase`
 * to the source fields of the same name under `sourceBase` (those present in the source), as
 * nodes of the same shape: what lies below them is where it was.
 */
export function traceExtensions(
  context: ConversionContext,
  source: unknown,
  format: string,
  keys: Iterable<string>,
  bases: { canonical?: string; source?: string } = {},
): void {
  const fields: Record<string, string> = {};
  for (const key of keys) fields[pointer("", "extensions", format, key)] = pointer("", key);
  traceFields(context, source, fields, bases, true);
}
