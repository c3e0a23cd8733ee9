const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Joins a later stream event into an earlier one, for a loss-detector normalisation that reads the
 * pieces of a stream as one: objects field by field; lists of objects with an `index` (choices,
 * tool call deltas) element by index, other lists one after the other; the strings of the fields
 * named in `joined` (`text`, `partial_json`, `arguments`) one after the other; any other value is
 * the later one.
 */
export function joinStreamEvents(
  earlier: unknown,
  later: unknown,
  joined: ReadonlySet<string>,
  key = "",
): unknown {
  if (typeof earlier === "string" && typeof later === "string" && joined.has(key)) return earlier + later;
  if (isObject(earlier) && isObject(later)) {
    const result: Record<string, unknown> = { ...earlier };
    for (const [field, value] of Object.entries(later))
      result[field] = field in earlier ? joinStreamEvents(earlier[field], value, joined, field) : value;
    return result;
  }
  if (Array.isArray(earlier) && Array.isArray(later)) {
    const indexed = [...earlier, ...later].every((item) => isObject(item) && typeof item.index === "number");
    if (!indexed) return [...earlier, ...later];
    const result = [...earlier] as Record<string, unknown>[];
    for (const item of later as Record<string, unknown>[]) {
      const at = result.findIndex((existing) => existing.index === item.index);
      if (at < 0) result.push(item);
      else result[at] = joinStreamEvents(result[at], item, joined) as Record<string, unknown>;
    }
    return result;
  }
  return later === undefined ? earlier : later;
}
