import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoryRunStore, type StoredRun } from "./run-store";

const runOf = (id: string, frame: string): StoredRun => ({
  id,
  owner: "tenant-a",
  model: "m",
  status: "in_progress",
  createdAt: 0,
  deadline: 1,
  events: [{ id: "1", frame }],
});

describe("createMemoryRunStore", () => {
  it("keeps within its count and byte bounds, always the run written last when it fits, as a copy", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom("a", "b", "c", "d", "e"), fc.string({ maxLength: 300 })), {
          minLength: 1,
          maxLength: 30,
        }),
        async (writes) => {
          const store = createMemoryRunStore({ maxEntries: 3, maxBytes: 1000 });
          for (const [id, frame] of writes) await store.set(runOf(id, frame));
          const ids = [...new Set(writes.map(([id]) => id))];
          const kept = (await Promise.all(ids.map((id) => store.get(id)))).filter((run) => run !== undefined);
          expect(kept.length).toBeLessThanOrEqual(3);
          expect(kept.reduce((sum, run) => sum + JSON.stringify(run).length, 0)).toBeLessThanOrEqual(1000);
          const [lastId, lastFrame] = writes.at(-1) as [string, string];
          const last = await store.get(lastId);
          if (JSON.stringify(runOf(lastId, lastFrame)).length <= 1000) {
            expect(last?.events?.[0]?.frame).toBe(lastFrame);
            if (last) last.status = "failed";
            expect((await store.get(lastId))?.status).toBe("in_progress");
          } else expect(last).toBeUndefined();
        },
      ),
      { numRuns: 100 },
    );
  });

  it("forgets a run after its time to live", async () => {
    let time = 0;
    const store = createMemoryRunStore({ ttlMs: 10 }, () => time);
    await store.set(runOf("a", "x"));
    time = 11;
    expect(await store.get("a")).toBeUndefined();
  });
});
