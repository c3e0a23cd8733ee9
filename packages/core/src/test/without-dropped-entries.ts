import { valueAtPointer } from "../conversion/trace-fields";

/** A source body with list entries taken out, and the way from its pointers back to the source's. */
export interface TrimmedBody {
  body: unknown;
  /** A pointer into `body` as the pointer into the source body it stands for. */
  sourcePath(path: string): string;
}

/**
 * The source body without the list entries a loss was reported at (the entry itself, not a field of
 * it) where the returned list is shorter by that many: a dropped tool or message leaves the entries
 * after it numbered again, which says nothing, so they are compared with the entries they are.
 * Deeper lists are trimmed first, so the outer pointers stay valid.
 */
export function withoutDroppedEntries(
  source: unknown,
  returned: unknown,
  lossPaths: readonly string[],
): TrimmedBody {
  const dropped = new Map<string, number[]>();
  for (const path of new Set(lossPaths)) {
    const cut = path.lastIndexOf("/");
    const parent = path.slice(0, cut);
    const index = path.slice(cut + 1);
    if (!/^\d+$/.test(index)) continue;
    const list = valueAtPointer(source, parent);
    const back = valueAtPointer(returned, parent);
    if (!Array.isArray(list) || Number(index) >= list.length) continue;
    const indexes = dropped.get(parent) ?? [];
    if (indexes.length < list.length - (Array.isArray(back) ? back.length : 0)) indexes.push(Number(index));
    if (indexes.length > 0) dropped.set(parent, indexes);
  }
  if (dropped.size === 0) return { body: source, sourcePath: (path) => path };
  const body = structuredClone(source);
  const deepestFirst = [...dropped.keys()].sort((a, b) => b.split("/").length - a.split("/").length);
  for (const parent of deepestFirst) {
    const list = valueAtPointer(body, parent) as unknown[];
    for (const index of [...dropped.get(parent)!].sort((a, b) => b - a)) list.splice(index, 1);
  }
  for (const indexes of dropped.values()) indexes.sort((a, b) => a - b);
  return {
    body,
    sourcePath(path) {
      let source = "";
      for (const token of path === "" ? [] : path.slice(1).split("/")) {
        const removed = dropped.get(source);
        let step = token;
        if (removed && /^\d+$/.test(token)) {
          let index = Number(token);
          for (const gone of removed) if (gone <= index) index++;
          step = String(index);
        }
        source = `${source}/${step}`;
      }
      return source;
    },
  };
}
