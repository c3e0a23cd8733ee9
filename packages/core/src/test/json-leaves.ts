import { pointer } from "../conversion/conversion-context";

/**
 * The leaves of a JSON value by JSON pointer: every primitive (null included), and every empty
 * object or list (they say something by being there). The root of a primitive is the leaf `""`.
 */
export function jsonLeaves(
  value: unknown,
  base = "",
  leaves = new Map<string, unknown>(),
): Map<string, unknown> {
  if (typeof value !== "object" || value === null) {
    leaves.set(base, value);
    return leaves;
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  if (entries.length === 0) leaves.set(base, value);
  for (const [key, item] of entries) if (item !== undefined) jsonLeaves(item, pointer(base, key), leaves);
  return leaves;
}

/** Whether `path` is `ancestor` or lies below it (JSON pointers). */
export function isAtOrBelow(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}/`);
}
