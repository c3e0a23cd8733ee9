import { pointer } from "../conversion/conversion-context";
import { valueAtPointer } from "../conversion/trace-fields";
import { cameBack } from "./came-back";
import { jsonLeaves } from "./json-leaves";

/** What {@link entriesReadElsewhere} reads. */
export interface ReadElsewhereOptions {
  /** The canonical form the target's encoder was given. */
  sent: unknown;
  /** The canonical form the target's decoder read from what that encoder made. */
  received: unknown;
  /** The source format, whose bookkeeping in `sent`'s extensions the target cannot hold. */
  sourceFormat: string;
  /** The target format, whose bookkeeping in `received`'s extensions the source never gave. */
  targetFormat: string;
  /** Source list entries (pointers into the compared source body) with differences no loss covers. */
  candidates: ReadonlySet<string>;
  /** A canonical pointer of `sent` as the pointer into the compared source body it came from. */
  placeCanonical(canonicalPath: string): string | undefined;
  /**
   * Whether the source's own encoder, given `sent` without the source format's own extensions in
   * the canonical `entries` the source entry became, gives every leaf below the source pointer
   * `path` back: all of that entry is in the canonical form every format reads, so setting those
   * extensions aside when comparing what the target read hides nothing.
   */
  keptBySource(path: string, entries: readonly string[]): boolean;
}

/**
 * The source list entries the target carried one to one, but whose reading by the target's decoder
 * is in another list of the canonical form (a chat-completions system message before the
 * conversation, sent where the caller put it, is read back as an instruction): a difference the way
 * back makes, which no client of the target sees. An entry qualifies only when every canonical
 * entry it became is, whole (each format's own bookkeeping in `extensions` aside), an entry of
 * another list of what the target read, one that no entry given at that place accounts for; and
 * when the source's own encoder gives the entry back from what the target was given, without the
 * source's own extensions in it (so nothing of it was lost before the target, and nothing of it
 * rides only where the comparison does not look). Anything the target changed, dropped or left in place keeps its
 * difference a finding.
 */
export function entriesReadElsewhere(options: ReadElsewhereOptions): string[] {
  const { sent, received, candidates } = options;
  const becameOf = new Map<string, string[]>();
  for (const entry of listEntryPointers(sent)) {
    const placed = options.placeCanonical(entry);
    if (placed === undefined || !candidates.has(placed)) continue;
    becameOf.set(placed, [...(becameOf.get(placed) ?? []), entry]);
  }
  const readEntries = listEntryPointers(received);
  const sameNode = (given: unknown, read: unknown) =>
    sameLeaves(
      withoutOwnBookkeeping(given, options.sourceFormat),
      withoutOwnBookkeeping(read, options.targetFormat),
    );
  const readElsewhere = (entry: string) => {
    const given = valueAtPointer(sent, entry);
    const list = entry.slice(0, entry.lastIndexOf("/"));
    return readEntries.some((read) => {
      if (read.slice(0, read.lastIndexOf("/")) === list) return false;
      const node = valueAtPointer(received, read);
      if (!sameNode(given, node)) return false;
      // Not an entry given at that place and read there as it was.
      const there = valueAtPointer(sent, read);
      return there === undefined || !sameNode(there, node);
    });
  };
  return [...becameOf].flatMap(([placed, entries]) =>
    entries.every(readElsewhere) && options.keptBySource(placed, entries) ? [placed] : [],
  );
}

/**
 * `sent` without `format`'s extensions anywhere in the nodes at `entries`, but for the keys
 * `marksOf` gives for an entry itself (the codec's own bookkeeping there, which it declares).
 */
export function withoutFormatExtensions(
  sent: unknown,
  entries: readonly string[],
  format: string,
  marksOf: (entry: string) => readonly string[],
): unknown {
  const copy = structuredClone(sent);
  const strip = (node: unknown, marks: readonly string[]): void => {
    if (typeof node !== "object" || node === null) return;
    const holder = node as Record<string, unknown>;
    const extensions = holder.extensions as Record<string, Record<string, unknown>> | undefined;
    const own = Array.isArray(node) ? undefined : extensions?.[format];
    if (extensions && typeof own === "object" && own !== null) {
      for (const key of Object.keys(own)) if (!marks.includes(key)) delete own[key];
      if (Object.keys(own).length === 0) delete extensions[format];
    }
    for (const value of Object.values(holder)) strip(value, []);
  };
  for (const entry of entries) strip(valueAtPointer(copy, entry), marksOf(entry));
  return copy;
}

/** The pointer of every entry of every list in `value`, outside `extensions`. */
function listEntryPointers(value: unknown, base = "", found: string[] = []): string[] {
  if (typeof value !== "object" || value === null) return found;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value).filter(([key]) => key !== "extensions");
  for (const [key, item] of entries) {
    const at = pointer(base, key);
    if (Array.isArray(value)) found.push(at);
    listEntryPointers(item, at, found);
  }
  return found;
}

/**
 * The leaves of a canonical node without a format's own extensions anywhere below it, nor text
 * parts of nothing (a format that cannot send an empty content sends an empty text, which says as
 * little).
 */
function withoutOwnBookkeeping(node: unknown, format: string): Map<string, unknown> {
  const leaves = jsonLeaves(withoutEmptyTexts(node));
  for (const path of [...leaves.keys()])
    if (path.split("/").some((token, at, tokens) => token === "extensions" && tokens[at + 1] === format))
      leaves.delete(path);
  return leaves;
}

function withoutEmptyTexts(node: unknown): unknown {
  if (typeof node !== "object" || node === null) return node;
  if (Array.isArray(node)) return node.map(withoutEmptyTexts);
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    copy[key] =
      key === "parts" && Array.isArray(value)
        ? value.filter((part) => !isEmptyText(part)).map(withoutEmptyTexts)
        : withoutEmptyTexts(value);
  return copy;
}

function isEmptyText(part: unknown): boolean {
  if (typeof part !== "object" || part === null) return false;
  const { type, text, ...rest } = part as Record<string, unknown>;
  return type === "text" && text === "" && Object.keys(rest).length === 0;
}

/** Whether two leaf maps hold the same, null and empty read as absent. */
function sameLeaves(given: Map<string, unknown>, read: Map<string, unknown>): boolean {
  for (const [path, value] of given) if (!cameBack(value, read.get(path))) return false;
  for (const [path, value] of read) if (!given.has(path) && !cameBack(value, undefined)) return false;
  return given.size > 0;
}

/** The list entries `paths` are (or lie below) in `body`. */
export function listEntriesAbove(body: unknown, paths: Iterable<string>): Set<string> {
  const entries = new Set<string>();
  for (const path of paths) {
    const tokens = path.split("/");
    for (let end = 2; end <= tokens.length; end++)
      if (Array.isArray(valueAtPointer(body, tokens.slice(0, end - 1).join("/"))))
        entries.add(tokens.slice(0, end).join("/"));
  }
  return entries;
}
