import { type ConversionContext, pointer } from "../conversion/conversion-context";
import type { Message } from "../model/message";
import type { Part } from "../model/part";

/** Calls `visit` with the pointer of `value` and of every node below it. */
function eachNode(
  value: unknown,
  base: string,
  visit: (path: string, rest: string) => void,
  rest = "",
): void {
  visit(base + rest, rest);
  if (typeof value !== "object" || value === null) return;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) eachNode(item, base, visit, pointer(rest, key));
}

/** Whether a decoder traced the source: only without any record does a pointer resolve to itself. */
function traced(context: ConversionContext): boolean {
  return context.sourcePath("/~untraced") !== "/~untraced";
}

/**
 * Traces the messages `pairToolResults` gave (`paired`) to the source nodes of the ones it was given
 * (`messages`), so losses an encoder reports against the paired request still point where the caller
 * sent each node: a moved result at its own place, a message numbered again at its own, an error
 * result made for an unanswered call at that call. Parts are found by identity (pairing moves them,
 * it does not copy them); a message's own fields come from the message of its last part.
 */
export function retracePairedMessages(
  messages: readonly Message[],
  paired: readonly Message[],
  context: ConversionContext,
): void {
  // A request built by hand, not decoded, has no trace: its losses keep canonical paths.
  if (!traced(context)) return;
  const placeOf = new Map<Part, string>();
  const callPlace = new Map<string, string>();
  messages.forEach((message, index) => {
    message.parts.forEach((part, partIndex) => {
      const place = pointer("/messages", index, "parts", partIndex);
      placeOf.set(part, place);
      if (part.type === "tool-call") callPlace.set(part.id, place);
    });
  });
  const records: [string, string][] = [];
  paired.forEach((message, index) => {
    const at = pointer("/messages", index);
    const partPlaces = message.parts.map((part) =>
      part.type === "tool-result" && !placeOf.has(part) ? callPlace.get(part.callId) : placeOf.get(part),
    );
    const last = partPlaces.at(-1);
    const messagePlace = last?.slice(0, last.indexOf("/parts/"));
    if (messagePlace !== undefined) {
      const { parts: _, ...fields } = message;
      eachNode(fields, at, (path, rest) => records.push([path, context.sourcePath(messagePlace + rest)]));
      records.push([pointer(at, "parts"), context.sourcePath(pointer(messagePlace, "parts"))]);
    }
    message.parts.forEach((part, partIndex) => {
      const place = partPlaces[partIndex];
      if (place === undefined) return;
      // An error result made for a call is that call's, all of it.
      const made = !placeOf.has(part);
      eachNode(part, pointer(at, "parts", partIndex), (path, rest) =>
        records.push([path, context.sourcePath(made ? place : place + rest)]),
      );
    });
  });
  for (const [path, source] of records) context.trace(path, source);
}
