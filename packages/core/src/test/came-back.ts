import { jsonLeaves } from "./json-leaves";

/** A JSON text (an object or a list) read as its value, so its spacing is not compared. */
function jsonValue(value: unknown): unknown {
  if (typeof value !== "string" || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function jsonLeavesSorted(value: unknown): [string, unknown][] {
  return [...jsonLeaves(value)].sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * Whether a leaf came back: equal, or absent where it was null or empty; a string holding a JSON
 * object or list compares by the value it holds, not its spacing.
 */
export function cameBack(original: unknown, returned: unknown): boolean {
  if (returned === undefined)
    return (
      original === undefined ||
      original === null ||
      (typeof original === "object" && Object.keys(original as object).length === 0)
    );
  if (typeof original === "object" && original !== null)
    return typeof returned === "object" && returned !== null && Object.keys(returned).length === 0;
  const left = jsonValue(original);
  const right = jsonValue(returned);
  if (left === original || right === returned) return Object.is(left, right);
  return JSON.stringify(jsonLeavesSorted(left)) === JSON.stringify(jsonLeavesSorted(right));
}
