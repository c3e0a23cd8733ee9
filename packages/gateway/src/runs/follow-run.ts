import { readRun } from "./read-run";
import type { RunStore } from "./run-store";

/** How often a follower looks for new events of a run still running, milliseconds. */
export const followPollMs = 50;

/** Reads in a row that find no run before a follower takes it for deleted. */
const missesToEnd = 4;

const textEncoder = new TextEncoder();

/**
 * The events of `tenant`'s run `id` from position `from` on, as a stream body: those kept are sent
 * at once, and while the run is still running its new events as they are stored (read from the
 * store, so a run on another instance is followed too, never the upstream). The body ends when the
 * run has ended (or has failed by its deadline) and every kept event was sent, or when the events
 * past the bounds were not kept, or once the run has read as missing several times in a row (deleted);
 * it stops reading when the caller goes away.
 */
export function followRun(
  store: RunStore,
  id: string,
  tenant: string,
  from: number,
): ReadableStream<Uint8Array> {
  let next = from;
  let gone = false;
  let misses = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const run = await readRun(store, id, tenant);
        if (gone) return;
        // A storage written in place can read as missing mid-write: only misses in a row end the body.
        misses = run === undefined ? misses + 1 : 0;
        if (run === undefined && misses < missesToEnd) {
          await new Promise((resolve) => setTimeout(resolve, followPollMs));
          continue;
        }
        const events = run?.events ?? [];
        if (events.length > next) {
          controller.enqueue(
            textEncoder.encode(
              events
                .slice(next)
                .map((event) => event.frame)
                .join(""),
            ),
          );
          next = events.length;
          return;
        }
        if (run === undefined || run.status !== "in_progress" || run.eventsCut) {
          controller.close();
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, followPollMs));
      }
    },
    cancel() {
      gone = true;
    },
  });
}
