import { valueAtPointer } from "../conversion/trace-fields";
import { cameBack } from "./came-back";
import { jsonLeaves } from "./json-leaves";

/**
 * Whether the target document carried the canonical node at `canonicalPath` one to one: `received`
 * (the canonical form the target's own decoder reads from what was sent it) holds there what `sent`
 * (the canonical form given to the target's encoder) held, leaf by leaf, nothing missing, changed or
 * added. A loss reported at a node the target did not carry so happened, even when the way back
 * restores the value (from a raw value kept canonically, or a mapping that inverts the
 * approximation): the target's client saw the approximation. A loss about a node the encoder was
 * not given (a setting it had to invent, a pointer below a part) is read at the nearest enclosing
 * node it was given, short of the whole document.
 */
export function carriedByTarget(sent: unknown, received: unknown, canonicalPath: string): boolean {
  const node = givenNode(sent, canonicalPath);
  const before = jsonLeaves(valueAtPointer(sent, node));
  const after = jsonLeaves(valueAtPointer(received, node));
  for (const [path, value] of before) if (!cameBack(value, after.get(path))) return false;
  for (const [path, value] of after) if (!before.has(path) && !cameBack(value, undefined)) return false;
  return true;
}

/** `path`, or its nearest ancestor that `sent` holds a value at (the path itself when only the root does). */
function givenNode(sent: unknown, path: string): string {
  for (let node = path; node !== ""; node = node.slice(0, node.lastIndexOf("/")))
    if (valueAtPointer(sent, node) !== undefined) return node;
  return path;
}
