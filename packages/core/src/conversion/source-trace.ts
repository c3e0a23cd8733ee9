/**
 * Where each canonical node came from in the document a decoder read: canonical JSON pointer →
 * pointer into the caller's (or upstream's) own document. Encoders see only the canonical model and
 * report losses against it; {@link SourceTrace.resolve} turns such a path into the caller's terms.
 *
 * For a stream, the source document is the list of wire events: `/3/content_block` is the
 * `content_block` of the fourth event, the one that carried the node.
 */
export interface SourceTrace {
  /**
   * Records that the canonical node at `canonicalPath` came from `sourcePath`; `sameShape` when
   * the node was copied as it was (a vendor field kept in `extensions`), so a pointer below it has
   * the same tokens below the source node.
   */
  record(canonicalPath: string, sourcePath: string, sameShape?: boolean): void;
  /**
   * Runs `step` (work that ends in {@link record}s, such as finding which of a table of source fields
   * are present) only when a path is next resolved: a conversion that reports no loss never runs it.
   * Records and steps take effect in the order they were made, so a later record of a path still
   * replaces an earlier one.
   */
  recordLater(step: () => void): void;
  /** Forgets every record: a decoder starts a new source document. */
  reset(): void;
  /**
   * The source pointer of `canonicalPath`: the record of the path itself, else of its nearest
   * recorded ancestor (a coarser pointer that still holds the node; with the rest of the path
   * appended when that ancestor has the same shape), else the root `""`. With no record at all
   * (the canonical model was built by hand, not decoded) the path is returned as it is.
   */
  resolve(canonicalPath: string): string;
}

/**
 * How many pending entries a trace holds before applying them: a stream decoder traces as events come,
 * often the same paths again, and a map keeps one record a path where a list would keep them all.
 */
const maxPending = 256;

/**
 * Creates an empty {@link SourceTrace}. Records are kept in a list and put in the map only when a path
 * is resolved (decision 0020, lever 12): most conversions report no loss, and never pay for the map.
 */
export function createSourceTrace(): SourceTrace {
  const sources = new Map<string, { path: string; sameShape: boolean }>();
  // Not yet applied, in order: a record as three entries (canonical path, source path, same shape), a
  // deferred step as one function.
  let pending: (string | boolean | (() => void))[] = [];
  let applying = false;
  const apply = () => {
    if (pending.length === 0) return;
    const entries = pending;
    pending = [];
    applying = true;
    try {
      for (let at = 0; at < entries.length; ) {
        const entry = entries[at];
        if (typeof entry === "function") {
          entry();
          at += 1;
        } else {
          sources.set(entry as string, {
            path: entries[at + 1] as string,
            sameShape: entries[at + 2] as boolean,
          });
          at += 3;
        }
      }
    } finally {
      applying = false;
    }
  };
  return {
    record(canonicalPath, sourcePath, sameShape = false) {
      // A deferred step being applied records at once, in its place in the order.
      if (applying) sources.set(canonicalPath, { path: sourcePath, sameShape });
      else if (pending.push(canonicalPath, sourcePath, sameShape) > maxPending) apply();
    },
    recordLater(step) {
      if (applying) step();
      else if (pending.push(step) > maxPending) apply();
    },
    reset() {
      sources.clear();
      pending = [];
    },
    resolve(canonicalPath) {
      apply();
      if (sources.size === 0) return canonicalPath;
      for (let path = canonicalPath; ; path = path.slice(0, path.lastIndexOf("/"))) {
        const source = sources.get(path);
        if (source !== undefined)
          return source.sameShape ? source.path + canonicalPath.slice(path.length) : source.path;
        if (path === "") return "";
      }
    },
  };
}
