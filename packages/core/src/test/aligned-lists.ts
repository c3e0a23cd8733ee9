import { valueAtPointer } from "../conversion/trace-fields";
import { cameBack } from "./came-back";
import { jsonLeaves } from "./json-leaves";

/**
 * A source body and a returned body with list entries taken out of each so that the rest line up,
 * and the way from their shared pointers back to the source's.
 */
export interface AlignedLists {
  /** The source body without the entries taken out. */
  source: unknown;
  /** The returned body without the entries taken out: its pointers are the same as `source`'s. */
  returned: unknown;
  /** A pointer into the aligned bodies as the pointer into the source body it stands for. */
  sourcePath(path: string): string;
  /**
   * A pointer into the returned body as the pointer into the source body of the entry it was lined
   * up with, or undefined for an entry taken out of the returned list (one moved there or added).
   */
  returnedPath(path: string): string | undefined;
}

/**
 * A list entry a pointer token names: an index of an array, or a key numbered within its kind in an
 * object that places pieces by what they are (`fileSearch 1`, `text 0`: the detector's
 * normalisations key tools and stream pieces so); `list` names the list within its parent.
 */
interface ListEntry {
  list: string;
  index: number;
  /** The token of the entry at `index` of the same list. */
  token(index: number): string;
}

const numberedKey = /^(.+) (\d+)$/;

/** The list entry `token` names in `parent`, if it names one. */
function listEntry(parent: unknown, token: string): ListEntry | undefined {
  if (Array.isArray(parent))
    return /^\d+$/.test(token) ? { list: "", index: Number(token), token: String } : undefined;
  const match = numberedKey.exec(token);
  if (typeof parent !== "object" || parent === null || !match) return undefined;
  const kind = match[1]!;
  return { list: ` ${kind}`, index: Number(match[2]), token: (index) => `${kind} ${index}` };
}

/**
 * The entries of the list `entry` belongs to in `parent`, in order: the array itself, or the values
 * of the keys of that kind numbered 0, 1, … (undefined when they are not numbered so).
 */
function listEntries(parent: unknown, entry: ListEntry): unknown[] | undefined {
  if (Array.isArray(parent)) return parent;
  if (typeof parent !== "object" || parent === null) return undefined;
  const holder = parent as Record<string, unknown>;
  const entries: unknown[] = [];
  for (const key of Object.keys(holder))
    if (listEntry(holder, key)?.list === entry.list) entries.push(undefined);
  for (let index = 0; index < entries.length; index++) {
    const key = entry.token(index);
    if (!Object.hasOwn(holder, key)) return undefined;
    entries[index] = holder[key];
  }
  return entries;
}

/** Takes the entries at `indexes` out of the list `entry` belongs to in `parent`, numbering the rest again. */
function takeOut(parent: unknown, entry: ListEntry, indexes: readonly number[]): void {
  const entries = listEntries(parent, entry);
  if (entries === undefined) return;
  if (Array.isArray(parent)) {
    for (const index of [...indexes].sort((a, b) => b - a)) parent.splice(index, 1);
    return;
  }
  const holder = parent as Record<string, unknown>;
  entries.forEach((_, index) => {
    delete holder[entry.token(index)];
  });
  entries
    .filter((_, index) => !indexes.includes(index))
    .forEach((value, index) => {
      holder[entry.token(index)] = value;
    });
}

/**
 * Lines up the lists of `source` with those of `returned` where a loss was reported at a list
 * entry itself (not a field of it), which says the entry as a whole was dropped, moved, or answered
 * by an entry the conversion added: renumbering says nothing, so the entries after it are compared
 * with the entries they are. A list is an array, or the keys of one kind numbered in an object
 * (`fileSearch 0`, `fileSearch 1`: pieces placed by what they are). In a list with `n` entries named
 * by losses, up to those `n` entries are taken out of the source (each is covered by its loss, so
 * nothing about it is hidden) and up to `n` entries out of the returned list (where a moved entry
 * came back, or an added one is): those that line up the most leaves, and of as good choices the
 * one that takes out the fewest; entries at `leftOutPaths` (a loss says the source's decoder left
 * them out, so nothing that came back is them) are always taken out. A list no loss names an entry
 * of is compared as it came back: a move or an addition without a loss stays a finding. Outer lists are lined up first, so inner
 * pointers follow them.
 */
export function alignedLists(
  source: unknown,
  returned: unknown,
  lossPaths: readonly string[],
  leftOutPaths: readonly string[] = [],
): AlignedLists {
  /** Named indexes (and those left out), by the source pointer of their parent and the list's name within it. */
  const named = new Map<
    string,
    { parent: string; entry: ListEntry; indexes: Set<number>; dropped: Set<number> }
  >();
  for (const path of [...lossPaths, ...leftOutPaths]) {
    const cut = path.lastIndexOf("/");
    if (cut < 0) continue;
    const parent = path.slice(0, cut);
    const holder = valueAtPointer(source, parent);
    const entry = listEntry(holder, path.slice(cut + 1));
    const entries = entry && listEntries(holder, entry);
    if (entry === undefined || entries === undefined || entry.index >= entries.length) continue;
    const key = `${parent}${entry.list}`;
    const list = named.get(key) ?? { parent, entry, indexes: new Set<number>(), dropped: new Set<number>() };
    list.indexes.add(entry.index);
    if (leftOutPaths.includes(path)) list.dropped.add(entry.index);
    named.set(key, list);
  }
  if (named.size === 0) return unaligned(source, returned);
  /** Source indexes taken out, by the source pointer of their parent and the list's name. */
  const takenOut = new Map<string, number[]>();
  /** Returned indexes taken out, likewise. */
  const takenOutBack = new Map<string, number[]>();
  /** A source pointer as the pointer into the aligned bodies, or undefined below an entry taken out. */
  const alignedPath = (path: string): string | undefined => {
    let aligned = "";
    let at = "";
    for (const token of path === "" ? [] : path.slice(1).split("/")) {
      const entry = listEntry(valueAtPointer(source, at), token);
      const removed = entry && takenOut.get(`${at}${entry.list}`);
      let next = token;
      if (entry && removed) {
        if (removed.includes(entry.index)) return undefined;
        next = entry.token(entry.index - removed.filter((gone) => gone < entry.index).length);
      }
      at = `${at}/${token}`;
      aligned = `${aligned}/${next}`;
    }
    return aligned;
  };
  const body = structuredClone(source);
  const back = structuredClone(returned);
  const shallowestFirst = [...named.entries()].sort(
    ([, a], [, b]) => a.parent.split("/").length - b.parent.split("/").length,
  );
  for (const [key, { parent, entry, indexes, dropped }] of shallowestFirst) {
    const at = alignedPath(parent);
    if (at === undefined) continue;
    const holder = valueAtPointer(body, at);
    const backHolder = valueAtPointer(back, at);
    const list = listEntries(holder, entry);
    if (list === undefined) continue;
    const alignment = bestAlignment(list, listEntries(backHolder, entry) ?? [], indexes, dropped);
    if (alignment.source.length === 0 && alignment.returned.length === 0) continue;
    takeOut(holder, entry, alignment.source);
    takeOut(backHolder, entry, alignment.returned);
    takenOut.set(
      key,
      alignment.source.sort((a, b) => a - b),
    );
    takenOutBack.set(
      key,
      alignment.returned.sort((a, b) => a - b),
    );
  }
  if (takenOut.size === 0) return unaligned(source, returned);
  return {
    source: body,
    returned: back,
    sourcePath(path) {
      // The aligned body's pointers, followed through the source body as each token maps back.
      let at = "";
      for (const token of path === "" ? [] : path.slice(1).split("/")) {
        const entry = listEntry(valueAtPointer(source, at), token);
        const removed = entry && takenOut.get(`${at}${entry.list}`);
        let next = token;
        if (entry && removed) {
          let index = entry.index;
          for (const gone of removed) if (gone <= index) index++;
          next = entry.token(index);
        }
        at = `${at}/${next}`;
      }
      return at;
    },
    returnedPath(path) {
      let at = "";
      for (const token of path === "" ? [] : path.slice(1).split("/")) {
        const entry = listEntry(valueAtPointer(source, at), token);
        const key = entry && `${at}${entry.list}`;
        const removed = (key && takenOut.get(key)) || [];
        const removedBack = (key && takenOutBack.get(key)) || [];
        let next = token;
        if (entry && (removed.length > 0 || removedBack.length > 0)) {
          let index = entry.index;
          if (removedBack.includes(index)) return undefined;
          index -= removedBack.filter((gone) => gone < index).length;
          for (const gone of removed) if (gone <= index) index++;
          next = entry.token(index);
        }
        at = `${at}/${next}`;
      }
      return at;
    },
  };
}

/** Both bodies as they are: every pointer stands for itself. */
function unaligned(source: unknown, returned: unknown): AlignedLists {
  return { source, returned, sourcePath: (path) => path, returnedPath: (path) => path };
}

/** Which entries of a list and of its returned list to take out (indexes into each). */
interface Alignment {
  source: number[];
  returned: number[];
}

/** One choice of the alignment: take out a source entry, take out a returned one, or pair the two. */
type Step = "source" | "returned" | "pair";

/**
 * The best alignment of what is left from a point on: its score, how many entries it takes out (how
 * many of them source entries), and its first step.
 */
interface Best {
  score: number;
  removals: number;
  sourceRemovals: number;
  step?: Step;
}

/**
 * The entries to take out of `list` (only those in `named`) and of `returned` (at most as many as
 * `named` holds) for the rest to line up best: leaves that come back at the same place count for,
 * leaves that do not count against (a null or empty leaf against an absent one counts neither way:
 * it says nothing about which entry it is). The best over every choice (a sequence alignment: a greedy
 * search stalls where taking out one entry alone helps nothing, as two dropped entries in a row),
 * and of equal scores the one that takes out the fewest entries. An entry in `dropped` (left out
 * before the round trip) is always taken out.
 */
function bestAlignment(
  list: readonly unknown[],
  returned: readonly unknown[],
  named: ReadonlySet<number>,
  dropped: ReadonlySet<number>,
): Alignment {
  const leaves = list.map((entry) => [...jsonLeaves(entry)]);
  const backLeaves = returned.map((entry) => jsonLeaves(entry));
  const pairScores = new Map<string, number>();
  /** How well source entry `i` lines up with returned entry `j` (none: `undefined`). */
  const pairScore = (i: number, j: number | undefined) => {
    const key = `${i} ${j}`;
    let score = pairScores.get(key);
    if (score === undefined) {
      score = 0;
      const other = j === undefined ? undefined : backLeaves[j];
      for (const [path, value] of leaves[i]!) {
        const back = other?.get(path);
        // A null or empty leaf matches an absent one, but says nothing about which entry it is.
        if (back !== undefined || !cameBack(value, back)) score += cameBack(value, back) ? 1 : -1;
      }
      pairScores.set(key, score);
    }
    return score;
  };
  const limit = named.size;
  // Of two as good, the one that takes fewer entries out, then the one that keeps more source
  // entries compared (a tie between leaving out a reported source entry and an extra returned one
  // must not leave the next source entry compared with that extra one).
  const better = (a: Best, b: Best | undefined) =>
    b === undefined ||
    a.score > b.score ||
    (a.score === b.score &&
      (a.removals < b.removals || (a.removals === b.removals && a.sourceRemovals < b.sourceRemovals)));
  // best[i][j][k]: source entries from i, returned ones from j, k returned entries already taken out.
  const best: Best[][][] = [];
  for (let i = list.length; i >= 0; i--) {
    best[i] = [];
    for (let j = returned.length; j >= 0; j--) {
      best[i]![j] = [];
      for (let k = limit; k >= 0; k--) {
        let chosen: Best | undefined;
        const consider = (step: Step, gain: number, removals: number, rest: Best) => {
          const option = {
            score: gain + rest.score,
            removals: removals + rest.removals,
            sourceRemovals: (step === "source" ? 1 : 0) + rest.sourceRemovals,
            step,
          };
          if (better(option, chosen)) chosen = option;
        };
        if (i === list.length) chosen = { score: 0, removals: 0, sourceRemovals: 0 };
        else {
          // Past the end of what came back, a source entry is compared with nothing.
          const next = Math.min(j + 1, returned.length);
          // An entry left out before the round trip is not in what came back: it pairs with nothing there.
          if (!dropped.has(i))
            consider("pair", pairScore(i, j < returned.length ? j : undefined), 0, best[i + 1]![next]![k]!);
          if (named.has(i)) consider("source", 0, 1, best[i + 1]![j]![k]!);
          if (j < returned.length && k < limit) consider("returned", 0, 1, best[i]![j + 1]![k + 1]!);
        }
        best[i]![j]![k] = chosen!;
      }
    }
  }
  const alignment: Alignment = { source: [], returned: [] };
  let [i, j, k] = [0, 0, 0];
  while (i < list.length) {
    const step = best[i]![j]![k]!.step;
    if (step === "source") alignment.source.push(i++);
    else if (step === "returned") {
      alignment.returned.push(j);
      [j, k] = [j + 1, k + 1];
    } else [i, j] = [i + 1, Math.min(j + 1, returned.length)];
  }
  return alignment;
}
