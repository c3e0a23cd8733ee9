/**
 * Deep equality of JSON values (key order ignored). Encoders use it to echo a caller's original
 * spelling of a setting only when the canonical value still means exactly what was decoded.
 */
export function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== "object" || typeof right !== "object" || left === null || right === null) return false;
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++) if (!sameJson(left[index], right[index])) return false;
    return true;
  }
  if (Array.isArray(right)) return false;
  const leftRecord = left as Record<string, unknown>;
  const rightRecord = right as Record<string, unknown>;
  let count = 0;
  for (const key in leftRecord) {
    if (leftRecord[key] === undefined) continue;
    count++;
    if (!sameJson(leftRecord[key], rightRecord[key])) return false;
  }
  for (const key in rightRecord) if (rightRecord[key] !== undefined) count--;
  return count === 0;
}
