/**
 * This format may leave function calls and responses without ids (it pairs them by name and
 * order). Decoding gives every call an id derived from where it stands, so decoding the same
 * document twice gives the same ids, and a conversation decoded turn after turn keeps its ids
 * (history only grows at the end):
 * - in a request, the call at `contents[c].parts[p]` is `call_c{c}_p{p}`;
 * - in a response (or stream), output part `p` of response `r` is `call_{r}_{p}` (`r` is the
 *   `responseId`; without one, the context's id source is used).
 * A function response without an id answers the earliest unanswered call of the same name.
 * Encoding leaves these derived ids out again (they are marked `syntheticId` in the part's extensions).
 */
export function requestCallId(contentIndex: number, partIndex: number): string {
  return `call_c${contentIndex}_p${partIndex}`;
}

/** The id of output part `partIndex` of the response `responseId`; see {@link requestCallId}. */
export function responseCallId(responseId: string, partIndex: number): string {
  return `call_${responseId}_${partIndex}`;
}

/** Pairs function responses with the calls they answer, by id when given, else by name and order. */
export interface CallLedger {
  /** Records a call. */
  call(name: string, id: string): void;
  /**
   * Marks a call of `name` answered: the one with `id` when given, else the earliest unanswered
   * one, whose id is returned (undefined when none is waiting).
   */
  answer(name: string, id?: string): string | undefined;
}

/** Creates a {@link CallLedger}. */
export function createCallLedger(): CallLedger {
  const waiting = new Map<string, string[]>();
  return {
    call(name, id) {
      const ids = waiting.get(name);
      if (ids) ids.push(id);
      else waiting.set(name, [id]);
    },
    answer(name, id) {
      const ids = waiting.get(name);
      if (id === undefined) return ids?.shift();
      const position = ids?.indexOf(id) ?? -1;
      if (position >= 0) ids!.splice(position, 1);
      return id;
    },
  };
}
