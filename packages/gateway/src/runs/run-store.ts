import type { ErrorData } from "@interlingua/core";

/** Where a run stands: running, or how it ended. */
export type RunStatus = "in_progress" | "completed" | "failed" | "cancelled";

/** One event of a run's stream as the caller was sent it: its resume id and its framed bytes. */
export interface RunEvent {
  /** The id a client resumes after (the format's event id). */
  id: string;
  /** The event as framed on the wire (`data: …\n\n`), secrets already redacted. */
  frame: string;
}

/**
 * An answer the gateway runs detached from its caller (a background job) or streams for a caller
 * that may come back for it: who owns it, where it stands, until when it may run, and the events
 * of its stream kept for resuming. The answer itself, once complete, is in the response store.
 */
export interface StoredRun {
  /** The answer id the gateway issued. */
  id: string;
  /** The tenant that started it; no other tenant can read, resume, cancel or delete it. */
  owner: string;
  /** The model the caller asked for. */
  model: string;
  status: RunStatus;
  /** Whether it runs in the background (apart from its caller); only such a run can be cancelled. */
  background?: boolean;
  /** When it started, epoch milliseconds. */
  createdAt: number;
  /** When a run still `in_progress` is to be taken as failed (its instance died), epoch milliseconds. */
  deadline: number;
  /** Why it failed. */
  error?: ErrorData;
  /** The stream's events in order, when it streams; absent for a whole answer. */
  events?: RunEvent[];
  /** Set when events past the bounds were not kept: a resume beyond them cannot be served. */
  eventsCut?: boolean;
}

/** Where runs are kept: in this process, or in a storage every instance shares. */
export interface RunStore {
  /** The run, or undefined when unknown or expired. */
  get(id: string): Promise<StoredRun | undefined>;
  /** Stores (or replaces) a run. */
  set(run: StoredRun): Promise<void>;
  /** Removes a run; true when it existed. */
  delete(id: string): Promise<boolean>;
}

/** Bounds of a {@link RunStore}. */
export interface RunStoreLimits {
  /** Runs kept at most; the oldest go first. Default 10,000. */
  maxEntries?: number;
  /** Bytes of their JSON kept at most (their stream events weigh most); the oldest go first. Default 256 MiB. */
  maxBytes?: number;
  /** How long a run is kept after it was last written, milliseconds. Default one day. */
  ttlMs?: number;
}

/** The bounds used where {@link RunStoreLimits} leaves one out. */
export const defaultRunStoreLimits: Required<RunStoreLimits> = {
  maxEntries: 10_000,
  maxBytes: 256 * 1024 * 1024,
  ttlMs: 24 * 60 * 60 * 1000,
};

/**
 * A {@link RunStore} in this process's memory (one instance), bounded by count, bytes and age (the
 * least recently written go first; a run larger than the byte bound alone is not kept). Runs are
 * kept as JSON text, so what a reader gets is a copy, as from a shared storage.
 */
export function createMemoryRunStore(limits: RunStoreLimits = {}, now: () => number = Date.now): RunStore {
  const maxEntries = limits.maxEntries ?? defaultRunStoreLimits.maxEntries;
  const maxBytes = limits.maxBytes ?? defaultRunStoreLimits.maxBytes;
  const ttlMs = limits.ttlMs ?? defaultRunStoreLimits.ttlMs;
  const runs = new Map<string, { text: string; at: number }>();
  let bytes = 0;
  const remove = (id: string): boolean => {
    const entry = runs.get(id);
    if (entry === undefined) return false;
    runs.delete(id);
    bytes -= entry.text.length;
    return true;
  };
  return {
    async get(id) {
      const entry = runs.get(id);
      if (entry === undefined) return undefined;
      if (now() - entry.at > ttlMs) {
        remove(id);
        return undefined;
      }
      return JSON.parse(entry.text) as StoredRun;
    },
    async set(run) {
      remove(run.id);
      const text = JSON.stringify(run);
      if (text.length > maxBytes) return;
      runs.set(run.id, { text, at: now() });
      bytes += text.length;
      while (runs.size > maxEntries || bytes > maxBytes) remove(runs.keys().next().value as string);
    },
    async delete(id) {
      return remove(id);
    },
  };
}
