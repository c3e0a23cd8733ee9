/** JSON's whitespace between tokens. */
const ws = String.raw`[ \t\n\r]*`;
/** The source of a pattern of a JSON string without `\u` escapes (a text that has one is parsed instead, see `checkPassedThroughStream`). */
export const jsonStringPattern = String.raw`"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt])*"`;
/** The source of a pattern of a JSON integer (no leading zero, which JSON refuses). */
export const jsonIntegerPattern = "-?(?:0|[1-9][0-9]{0,15})";
const jsonScalar = `(?:${jsonStringPattern}|${jsonIntegerPattern}|null|true|false|\\[${ws}\\])`;
/** A member name other than `type` (a second `type` would be the one `JSON.parse` keeps). */
const memberName = '"(?!type")[a-z0-9_]+"';
const flatMember = `"[a-z0-9_]+"${ws}:${ws}${jsonScalar}`;
/** A flat object of such values, as a content delta's `delta` is (its own `type` anywhere). */
const flatObject = `\\{${ws}(?:${flatMember}(?:${ws},${ws}${flatMember})*)?${ws}\\}`;
const member = `${memberName}${ws}:${ws}(?:${jsonScalar}|${flatObject})`;

const patterns = new Map<string, RegExp>();

/**
 * A pattern matched only by JSON texts of an object whose first member is `"type"` naming `event`,
 * whose other members are strings without `\u` escapes, integers, `null`, booleans, empty arrays or
 * flat objects of those: what upstreams write for a content delta or a
 * keepalive (whitespace included, such as the padding of Anthropic's deltas). A text it matches is
 * valid JSON whose `type` is `event` (no second `type` member), so the same-format check may take it
 * without `JSON.parse` (decision 0020, lever 27); any other text (escapes, numbers with fractions,
 * deeper nesting) is parsed as before. The patterns are linear: after optional whitespace, every
 * alternative starts with a different character.
 */
export function compactEventPattern(event: string): RegExp {
  let pattern = patterns.get(event);
  if (!pattern) {
    const name = event.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    pattern = new RegExp(`^${ws}\\{${ws}"type"${ws}:${ws}"${name}"(?:${ws},${ws}${member})*${ws}\\}${ws}$`);
    patterns.set(event, pattern);
  }
  return pattern;
}

/**
 * The longest data tried against a pattern (a delta is tens of bytes): past it `JSON.parse` is
 * faster, and V8's regular expressions overflow their backtracking stack on tens of megabytes.
 */
const maxMatchedChars = 16 * 1024;

/**
 * Whether `data` is proven by `pattern` (one of {@link compactEventPattern} or `plainTextChunkPatterns`):
 * never for data with a `\u` escape (its redaction reads it parsed) or longer than 16 KB.
 */
export function provenByPattern(pattern: RegExp, data: string): boolean {
  return data.length <= maxMatchedChars && !data.includes("\\u") && pattern.test(data);
}
