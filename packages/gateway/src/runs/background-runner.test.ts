import { CanonicalError } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { createBackgroundRunner } from "./background-runner";

/** A job that ends when `finish` is called or its signal aborts, recording how it ended. */
function heldJob() {
  let finish!: () => void;
  const ended: { how?: "finished" | "aborted"; reason?: unknown } = {};
  const job = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      finish = () => {
        ended.how = "finished";
        resolve();
      };
      signal.addEventListener("abort", () => {
        ended.how = "aborted";
        ended.reason = signal.reason;
        reject(signal.reason);
      });
    });
  return { job, ended, finish: () => finish() };
}

describe("createBackgroundRunner", () => {
  it("caps the runs of one tenant, not of another, and frees the slot when a run ends", async () => {
    const runner = createBackgroundRunner({ maxRunningPerTenant: 1 });
    const first = heldJob();
    runner.start("run-1", "alice", first.job);
    expect(() => runner.start("run-2", "alice", heldJob().job)).toThrow(
      expect.objectContaining({ kind: "rate_limit" }),
    );
    const bob = heldJob();
    runner.start("run-3", "bob", bob.job);
    first.finish();
    bob.finish();
    await runner.close();
    expect(first.ended.how).toBe("finished");
  });

  it("on close, lets runs that finish within the grace finish, then stops the rest as unavailable", async () => {
    const runner = createBackgroundRunner({ shutdownGraceMs: 100 });
    const quick = heldJob();
    const stuck = heldJob();
    runner.start("quick", "alice", quick.job);
    runner.start("stuck", "alice", stuck.job);
    setTimeout(quick.finish, 10);
    const began = Date.now();
    await runner.close();
    expect(Date.now() - began).toBeGreaterThanOrEqual(90);
    expect(quick.ended.how).toBe("finished");
    expect(stuck.ended.how).toBe("aborted");
    expect(stuck.ended.reason).toBeInstanceOf(CanonicalError);
    expect(stuck.ended.reason).toMatchObject({ kind: "unavailable" });
  });

  it("closes at once when every run has finished, and refuses new runs once closing", async () => {
    const runner = createBackgroundRunner({ shutdownGraceMs: 60_000 });
    const run = heldJob();
    runner.start("run", "alice", run.job);
    const closed = runner.close();
    expect(() => runner.start("late", "alice", heldJob().job)).toThrow(
      expect.objectContaining({ kind: "unavailable" }),
    );
    run.finish();
    await closed;
    expect(run.ended.how).toBe("finished");
    await runner.close();
  });

  it("stops a run at its time limit with a timeout", async () => {
    const runner = createBackgroundRunner({ maxDurationMs: 20 });
    const run = heldJob();
    runner.start("slow", "alice", run.job);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(run.ended).toMatchObject({ how: "aborted", reason: { kind: "timeout" } });
    await runner.close();
  });
});
