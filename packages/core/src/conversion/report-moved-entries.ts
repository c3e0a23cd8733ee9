import { type ConversionContext, pointer } from "./conversion-context";

/**
 * Reports the entries of the canonical list at `listPath` that a target sends out of their place:
 * `order` is the canonical index of each entry as the target lays them out (a hosted tool sent as a
 * setting comes last; function tools grouped in one entry come together). The entries kept in their
 * order are the longest run of `order` that rises; each other one is reported `approximated` at its
 * canonical path with `message`, once. Entries the target does not send are not in `order`.
 */
export function reportMovedEntries(
  order: readonly number[],
  listPath: string,
  context: ConversionContext,
  message: string,
): void {
  for (const index of movedEntries(order)) context.lose("approximated", pointer(listPath, index), message);
}

/** The entries of `order` outside one of its longest rising runs, in canonical order. */
export function movedEntries(order: readonly number[]): number[] {
  // Longest rising subsequence, quadratic: lists of tools are short.
  const length = order.map(() => 1);
  const previous = order.map(() => -1);
  for (let at = 0; at < order.length; at++)
    for (let before = 0; before < at; before++)
      if (order[before]! < order[at]! && length[before]! + 1 > length[at]!) {
        length[at] = length[before]! + 1;
        previous[at] = before;
      }
  const kept = new Set<number>();
  let at = length.indexOf(Math.max(0, ...length));
  for (; at >= 0; at = previous[at]!) kept.add(order[at]!);
  return order.filter((index) => !kept.has(index)).sort((a, b) => a - b);
}
