import { readRun } from "./read-run";
import type { RunStore } from "./run-store";

/** How often a follower looks for new events of a run still running, milliseconds. */
export const followPollMs = 50;

const textEncoder = new TextEncoder();

/**
 * The events of `tenant`'s run `id` from position `from` on, as a stream body: those kept are sent
 * at once, and while the run is still running its new events as they are stored (read from the
 * store, so a run on another instance is followed too, never the upstream). The body ends when the
 * run has ended (or has failed by its deadline) and every kept event was sent, or when the events
 * past the bounds were not kept; it stops reading when the caller goes away.
 */
export function followRun(
  store: RunStore,
  id: string,
  tenant: string,
  from: number,
): ReadableStream<Uint8Array> {
  let next = from;
  let gone = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const run = await readRun(store, id, tenant);
        if (gone) return;
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
