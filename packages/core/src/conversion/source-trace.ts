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

/** Creates an empty {@link SourceTrace}. */
export function createSourceTrace(): SourceTrace {
  const sources = new Map<string, { path: string; sameShape: boolean }>();
  return {
    record(canonicalPath, sourcePath, sameShape = false) {
      sources.set(canonicalPath, { path: sourcePath, sameShape });
    },
    reset() {
      sources.clear();
    },
    resolve(canonicalPath) {
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
