import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoryRunStore, type StoredRun } from "./run-store";
import { createRunWriter, runEventLimits } from "./run-writer";

const freshRun = (): StoredRun => ({
  id: "resp_run_1",
  owner: "tenant-a",
  model: "m",
  status: "in_progress",
  createdAt: 0,
  deadline: Number.MAX_SAFE_INTEGER,
  events: [],
});

describe("createRunWriter", () => {
  it("stores every event in order and the end, whatever the batches", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string(), { maxLength: 40 }), async (frames) => {
        const store = createMemoryRunStore();
        const run = freshRun();
        await store.set(run);
        const writer = createRunWriter(store, run, () => undefined);
        frames.forEach((frame, index) => {
          writer.addEvent({ id: String(index + 1), frame });
        });
        await writer.settle("completed");
        const stored = await store.get(run.id);
        expect(stored?.status).toBe("completed");
        expect(stored?.events?.map((event) => event.frame)).toEqual(frames);
      }),
      { numRuns: 30 },
    );
  });

  it("keeps a run cancelled elsewhere cancelled, and says it stopped", async () => {
    const store = createMemoryRunStore();
    const run = freshRun();
    await store.set(run);
    let stopped = 0;
    const writer = createRunWriter(store, run, () => stopped++);
    await store.set({ ...run, status: "cancelled" });
    writer.addEvent({ id: "1", frame: "data: {}\n\n" });
    await writer.sync();
    await writer.settle("failed");
    const stored = await store.get(run.id);
    expect(stored?.status).toBe("cancelled");
    expect(stored?.events).toEqual([]);
    expect(stopped).toBe(1);
  });

  it("moves the deadline of a run that keeps writing, with aliveForMs", async () => {
    const store = createMemoryRunStore();
    const run = { ...freshRun(), deadline: 0 };
    await store.set(run);
    const writer = createRunWriter(store, run, () => undefined, 60_000);
    const before = Date.now();
    writer.addEvent({ id: "1", frame: "data: {}\n\n" });
    await writer.sync();
    expect((await store.get(run.id))?.deadline).toBeGreaterThanOrEqual(before + 60_000);
  });

  it("does not write a deleted run back", async () => {
    const store = createMemoryRunStore();
    const run = freshRun();
    await store.set(run);
    const writer = createRunWriter(store, run, () => undefined);
    await store.delete(run.id);
    await writer.settle("completed");
    expect(await store.get(run.id)).toBeUndefined();
  });

  it("stops keeping events past the bound and marks the run cut", async () => {
    const store = createMemoryRunStore();
    const run = freshRun();
    await store.set(run);
    const writer = createRunWriter(store, run, () => undefined);
    const frame = "x".repeat(Math.ceil(runEventLimits.maxBytes / 3));
    for (let index = 0; index < 4; index++) writer.addEvent({ id: String(index + 1), frame });
    await writer.settle("completed");
    const stored = await store.get(run.id);
    expect(stored?.events).toHaveLength(2);
    expect(stored?.eventsCut).toBe(true);
  });
});
