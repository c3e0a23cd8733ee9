import { CanonicalError } from "@interlingua/core";
import type { RunStore, StoredRun } from "./run-store";

/**
 * `tenant`'s run `id` as it stands (another tenant's and an unknown one read alike, as undefined).
 * A run still `in_progress` after its deadline is one whose instance stopped without settling it:
 * it is failed here, and stored so, so that no run stays running forever.
 */
export async function readRun(
  store: RunStore,
  id: string,
  tenant: string,
  now: () => number = Date.now,
): Promise<StoredRun | undefined> {
  const run = await store.get(id);
  if (run === undefined || run.owner !== tenant) return undefined;
  if (run.status === "in_progress" && now() > run.deadline) {
    run.status = "failed";
    run.error = new CanonicalError(
      "timeout",
      "The answer did not finish within its time limit (the instance running it may have stopped).",
    ).toData();
    await store.set(run);
  }
  return run;
}
