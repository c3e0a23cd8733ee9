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
 * Lines up the lists of `source` with those of `returned` where a loss was reported at a list
 * entry itself (not a field of it), which says the entry as a whole was dropped, moved, or answered
 * by an entry the conversion added: renumbering says nothing, so the entries after it are compared
 * with the entries they are. In a list with `n` entries named by losses, up to those `n` entries are
 * taken out of the source (each is covered by its loss, so nothing about it is hidden) and up to `n`
 * entries out of the returned list (where a moved entry came back, or an added one is), one at a
 * time, each time the step that lines up the most leaves, while a step makes the lists line up
 * better. A list no loss names an entry of is compared as it came back: a move or an addition
 * without a loss stays a finding. Outer lists are lined up first, so inner pointers follow them.
 */
export function alignedLists(source: unknown, returned: unknown, lossPaths: readonly string[]): AlignedLists {
  const named = new Map<string, Set<number>>();
  for (const path of lossPaths) {
    const cut = path.lastIndexOf("/");
    const index = path.slice(cut + 1);
    if (!/^\d+$/.test(index)) continue;
    const parent = path.slice(0, cut);
    const list = valueAtPointer(source, parent);
    if (!Array.isArray(list) || Number(index) >= list.length) continue;
    named.set(parent, (named.get(parent) ?? new Set()).add(Number(index)));
  }
  if (named.size === 0) return unaligned(source, returned);
  /** Source indexes taken out, by the source pointer of their list. */
  const takenOut = new Map<string, number[]>();
  /** Returned indexes taken out, by the source pointer of their list. */
  const takenOutBack = new Map<string, number[]>();
  const alignedPath = (path: string): string | undefined => {
    let aligned = "";
    let at = "";
    for (const token of path === "" ? [] : path.slice(1).split("/")) {
      const removed = takenOut.get(at);
      let step = token;
      if (removed && /^\d+$/.test(token)) {
        if (removed.includes(Number(token))) return undefined;
        step = String(Number(token) - removed.filter((gone) => gone < Number(token)).length);
      }
      at = `${at}/${token}`;
      aligned = `${aligned}/${step}`;
    }
    return aligned;
  };
  const body = structuredClone(source);
  const back = structuredClone(returned);
  const shallowestFirst = [...named.keys()].sort((a, b) => a.split("/").length - b.split("/").length);
  for (const parent of shallowestFirst) {
    const at = alignedPath(parent);
    if (at === undefined) continue;
    const list = valueAtPointer(body, at);
    const backList = valueAtPointer(back, at);
    if (!Array.isArray(list)) continue;
    const alignment = bestAlignment(list, Array.isArray(backList) ? backList : [], named.get(parent)!);
    if (alignment.source.length === 0 && alignment.returned.length === 0) continue;
    for (const index of [...alignment.source].sort((a, b) => b - a)) list.splice(index, 1);
    if (Array.isArray(backList))
      for (const index of [...alignment.returned].sort((a, b) => b - a)) backList.splice(index, 1);
    takenOut.set(
      parent,
      alignment.source.sort((a, b) => a - b),
    );
    takenOutBack.set(
      parent,
      alignment.returned.sort((a, b) => a - b),
    );
  }
  if (takenOut.size === 0) return unaligned(source, returned);
  return {
    source: body,
    returned: back,
    sourcePath(path) {
      let at = "";
      for (const token of path === "" ? [] : path.slice(1).split("/")) {
        const removed = takenOut.get(at);
        let step = token;
        if (removed && /^\d+$/.test(token)) {
          let index = Number(token);
          for (const gone of removed) if (gone <= index) index++;
          step = String(index);
        }
        at = `${at}/${step}`;
      }
      return at;
    },
    returnedPath(path) {
      let at = "";
      for (const token of path === "" ? [] : path.slice(1).split("/")) {
        const removed = takenOut.get(at) ?? [];
        const removedBack = takenOutBack.get(at) ?? [];
        let step = token;
        if ((removed.length > 0 || removedBack.length > 0) && /^\d+$/.test(token)) {
          let index = Number(token);
          if (removedBack.includes(index)) return undefined;
          index -= removedBack.filter((gone) => gone < index).length;
          for (const gone of removed) if (gone <= index) index++;
          step = String(index);
        }
        at = `${at}/${step}`;
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

/**
 * The entries to take out of `list` (only those in `named`) and of `returned` (at most as many as
 * `named` holds) for the rest to line up best: leaves that come back at the same place count for,
 * leaves that do not count against. Greedy, one step at a time, while a step strictly improves.
 */
function bestAlignment(
  list: readonly unknown[],
  returned: readonly unknown[],
  named: ReadonlySet<number>,
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
      for (const [path, value] of leaves[i]!) score += cameBack(value, other?.get(path)) ? 1 : -1;
      pairScores.set(key, score);
    }
    return score;
  };
  const score = ({ source, returned: gone }: Alignment) => {
    const kept = list.map((_, index) => index).filter((index) => !source.includes(index));
    const keptBack = returned.map((_, index) => index).filter((index) => !gone.includes(index));
    return kept.reduce((sum, i, at) => sum + pairScore(i, keptBack[at]), 0);
  };
  let best: Alignment = { source: [], returned: [] };
  let bestScore = score(best);
  for (;;) {
    // A step takes out a named entry, a returned one, or both (an entry moved: neither alone helps).
    const sources = [...named].filter((index) => !best.source.includes(index));
    const backs =
      best.returned.length < named.size
        ? returned.map((_, index) => index).filter((index) => !best.returned.includes(index))
        : [];
    const steps: Alignment[] = [
      ...sources.map((index) => ({ ...best, source: [...best.source, index] })),
      ...backs.map((index) => ({ ...best, returned: [...best.returned, index] })),
      ...sources.flatMap((index) =>
        backs.map((back) => ({ source: [...best.source, index], returned: [...best.returned, back] })),
      ),
    ];
    let next: Alignment | undefined;
    let nextScore = bestScore;
    for (const step of steps) {
      const stepScore = score(step);
      if (stepScore > nextScore) [next, nextScore] = [step, stepScore];
    }
    if (next === undefined) return best;
    [best, bestScore] = [next, nextScore];
  }
}
