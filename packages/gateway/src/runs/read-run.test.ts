import { describe, expect, it } from "vitest";
import { readRun } from "./read-run";
import { createMemoryRunStore, type StoredRun } from "./run-store";

const running = (deadline: number): StoredRun => ({
  id: "resp_run_1",
  owner: "tenant-a",
  model: "m",
  status: "in_progress",
  background: true,
  createdAt: 0,
  deadline,
});

describe("readRun", () => {
  it("reads a run for its tenant only", async () => {
    const store = createMemoryRunStore();
    await store.set(running(1000));
    expect(await readRun(store, "resp_run_1", "tenant-b", () => 10)).toBeUndefined();
    expect((await readRun(store, "resp_run_1", "tenant-a", () => 10))?.status).toBe("in_progress");
  });

  it("fails a run still in progress after its deadline (its instance died), and stores it failed", async () => {
    const store = createMemoryRunStore();
    await store.set(running(1000));
    const read = await readRun(store, "resp_run_1", "tenant-a", () => 1001);
    expect(read).toMatchObject({ status: "failed", error: { kind: "timeout" } });
    expect((await store.get("resp_run_1"))?.status).toBe("failed");
  });
});
