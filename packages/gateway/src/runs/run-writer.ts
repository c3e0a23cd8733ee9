import type { CanonicalError } from "@interlingua/core";
import type { RunEvent, RunStatus, RunStore, StoredRun } from "./run-store";

/** Bounds on the events one run keeps. */
export const runEventLimits = {
  /** Events kept at most. */
  maxEvents: 20_000,
  /** Bytes of framed events kept at most (UTF-16 length, close to the bytes for JSON). */
  maxBytes: 16 * 1024 * 1024,
};

/** How long new events wait before they are written to the store, milliseconds. */
const writeDelayMs = 100;

/**
 * The one writer of a run while it runs: it adds the stream's events (bounded), writes them to the
 * store a little later in batches (events that come after the end is settled too), and settles the
 * run's end. Before each write it reads the stored
 * run, so that a run cancelled or deleted through another instance is noticed (`onStopped`) and never
 * written back as running.
 */
export interface RunWriter {
  /** The run as this writer holds it. */
  readonly run: StoredRun;
  /** Whether the run was found cancelled or deleted elsewhere (its answer is then not to be kept). */
  readonly stopped: boolean;
  /** Keeps one more event of the stream (unless past the bounds) and writes it soon. */
  addEvent(event: RunEvent): void;
  /** Writes what is pending now, or learns that the run was cancelled or deleted elsewhere (checked every so often). */
  sync(): Promise<void>;
  /** Ends the run as `status` (failed with `error`), unless it was cancelled or deleted meanwhile. */
  settle(status: Exclude<RunStatus, "in_progress">, error?: CanonicalError): Promise<void>;
}

/**
 * A {@link RunWriter} for `run` in `store`; `onStopped` is called once the run is found cancelled or
 * deleted. With `aliveForMs`, each write moves the run's deadline to at least that long after it, so
 * a run that keeps writing is never taken for dead (one with no time limit of its own: a caller's
 * stream).
 */
export function createRunWriter(
  store: RunStore,
  run: StoredRun,
  onStopped: () => void,
  aliveForMs?: number,
): RunWriter {
  let chain: Promise<void> = Promise.resolve();
  let writeQueued = false;
  let bytes = 0;
  let stopped = false;
  let settled = false;
  /** Whether the end was written: from then on the stored run is ours while it keeps that end. */
  let ended = false;

  /** Reads the stored run; false (and `onStopped`) when it is no longer this writer's to write. */
  const stillOurs = async (): Promise<boolean> => {
    if (stopped) return false;
    const stored = await store.get(run.id).catch(() => run);
    if (stored?.status === "in_progress" || (ended && stored?.status === run.status)) return true;
    stopped = true;
    if (stored?.status === "cancelled") run.status = "cancelled";
    onStopped();
    return false;
  };
  const enqueue = (step: () => Promise<void>): Promise<void> => {
    chain = chain.then(step).catch(() => undefined);
    return chain;
  };
  const write = () =>
    enqueue(async () => {
      if (!(await stillOurs())) return;
      if (aliveForMs !== undefined) run.deadline = Math.max(run.deadline, Date.now() + aliveForMs);
      await store.set(run);
    });

  return {
    run,
    get stopped() {
      return stopped;
    },
    addEvent(event) {
      if (run.eventsCut) return;
      run.events ??= [];
      const events = run.events;
      if (events.length >= runEventLimits.maxEvents || bytes + event.frame.length > runEventLimits.maxBytes) {
        run.eventsCut = true;
      } else {
        events.push(event);
        bytes += event.frame.length;
      }
      if (writeQueued) return;
      writeQueued = true;
      setTimeout(() => {
        writeQueued = false;
        void write();
      }, writeDelayMs);
    },
    sync: write,
    settle(status, error) {
      if (settled) return chain;
      settled = true;
      return enqueue(async () => {
        if (!(await stillOurs())) return;
        run.status = status;
        if (error) run.error = error.toData();
        ended = true;
        await store.set(run);
      });
    },
  };
}
