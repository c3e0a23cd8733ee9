import { valueAtPointer } from "../conversion/trace-fields";
import { jsonLeaves } from "./json-leaves";

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
  const candidates = new Map<string, Set<number>>();
  for (const path of lossPaths) {
    const cut = path.lastIndexOf("/");
    const index = path.slice(cut + 1);
    if (!/^\d+$/.test(index)) continue;
    const parent = path.slice(0, cut);
    const list = valueAtPointer(source, parent);
    if (!Array.isArray(list) || Number(index) >= list.length) continue;
    candidates.set(parent, (candidates.get(parent) ?? new Set()).add(Number(index)));
  }
  const dropped = new Map<string, number[]>();
  for (const [parent, indexes] of candidates) {
    const list = valueAtPointer(source, parent) as unknown[];
    const back = valueAtPointer(returned, parent);
    const backList = Array.isArray(back) ? back : [];
    // A loss at an entry may be about one of its fields: of the entries a loss names, take out
    // those whose removal lines the rest up best with what came back, as many as are missing.
    const chosen: number[] = [];
    for (let missing = list.length - backList.length; missing > 0; missing--) {
      let best: number | undefined;
      let most = -1;
      for (const index of indexes) {
        if (chosen.includes(index)) continue;
        const rest = list.filter((_, at) => at !== index && !chosen.includes(at));
        const same = matches(rest, backList);
        if (same > most) [best, most] = [index, same];
      }
      if (best === undefined) break;
      chosen.push(best);
    }
    if (chosen.length > 0) dropped.set(parent, chosen);
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

/** How many leaves of `list` the returned list holds, equal, at the same place. */
function matches(list: unknown[], returned: unknown[]): number {
  const back = jsonLeaves(returned);
  let count = 0;
  for (const [path, value] of jsonLeaves(list))
    if (back.has(path) && JSON.stringify(back.get(path)) === JSON.stringify(value)) count++;
  return count;
}
