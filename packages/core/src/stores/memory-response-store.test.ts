import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { StoredResponse } from "../contracts/response-store";
import { storedResponseFixture, testResponseStore } from "../test/test-response-store";
import { createMemoryResponseStore, defaultResponseStoreLimits } from "./memory-response-store";

testResponseStore("in memory", () => createMemoryResponseStore());

const sizeOf = (record: StoredResponse) => new TextEncoder().encode(JSON.stringify(record)).length;

/** A fixture whose input text is `padding` long (characters of 1 to 4 UTF-8 bytes). */
function paddedRecord(id: string, padding: string): StoredResponse {
  const record = storedResponseFixture(id);
  record.input = [{ role: "user", parts: [{ type: "text", text: padding }] }];
  return record;
}

describe("createMemoryResponseStore", () => {
  it("evicts the least recently used record beyond maxEntries", async () => {
    const store = createMemoryResponseStore({ maxEntries: 2 });
    await store.set(storedResponseFixture("a"));
    await store.set(storedResponseFixture("b"));
    await store.get("a");
    await store.set(storedResponseFixture("c"));
    expect(await store.get("b")).toBeUndefined();
    expect(await store.get("a")).toBeDefined();
    expect(await store.get("c")).toBeDefined();
  });

  it("forgets records older than the time to live", async () => {
    let now = 0;
    const store = createMemoryResponseStore({ ttlMs: 1000, now: () => now });
    await store.set(storedResponseFixture("a"));
    now = 999;
    expect(await store.get("a")).toBeDefined();
    now = 1000;
    expect(await store.get("a")).toBeUndefined();
  });

  it("evicts the least recently used records beyond maxBytes, counting UTF-8 bytes", async () => {
    const one = paddedRecord("a", "é".repeat(400));
    const size = sizeOf(one);
    const store = createMemoryResponseStore({ maxBytes: size * 2 + 10 });
    await store.set(one);
    await store.set(paddedRecord("b", "é".repeat(400)));
    await store.get("a");
    await store.set(paddedRecord("c", "é".repeat(400)));
    expect(await store.get("b")).toBeUndefined();
    expect(await store.get("a")).toBeDefined();
    expect(await store.get("c")).toBeDefined();
  });

  it("does not keep a record larger than maxBytes alone, and evicts nothing for it", async () => {
    const store = createMemoryResponseStore({ maxBytes: 2000 });
    await store.set(storedResponseFixture("small"));
    await store.set(paddedRecord("huge", "x".repeat(5000)));
    expect(await store.get("huge")).toBeUndefined();
    expect(await store.get("small")).toBeDefined();
  });

  it("stays within its bounds whatever is stored, and keeps the latest record that fits", async () => {
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant("set" as const),
        id: fc.integer({ min: 0, max: 12 }),
        text: fc.string({ unit: "binary", maxLength: 300 }),
      }),
      fc.record({ kind: fc.constant("get" as const), id: fc.integer({ min: 0, max: 12 }) }),
      fc.record({ kind: fc.constant("delete" as const), id: fc.integer({ min: 0, max: 12 }) }),
      fc.record({ kind: fc.constant("tick" as const), ms: fc.integer({ min: 0, max: 400 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { maxLength: 60 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 500, max: 3000 }),
        async (operations, maxEntries, maxBytes) => {
          let now = 0;
          const ttlMs = 1000;
          const store = createMemoryResponseStore({ maxEntries, maxBytes, ttlMs, now: () => now });
          const storedAt = new Map<string, number>();
          for (const step of operations) {
            if (step.kind === "tick") now += step.ms;
            else if (step.kind === "get") await store.get(`r${step.id}`);
            else if (step.kind === "delete") await store.delete(`r${step.id}`);
            else {
              const record = paddedRecord(`r${step.id}`, step.text);
              await store.set(record);
              storedAt.set(record.id, now);
              const fits = sizeOf(record) <= maxBytes;
              expect((await store.get(record.id)) !== undefined).toBe(fits);
            }
            let count = 0;
            let bytes = 0;
            for (let id = 0; id <= 12; id++) {
              const record = await store.get(`r${id}`);
              if (record === undefined) continue;
              count++;
              bytes += sizeOf(record);
              expect(now - storedAt.get(record.id)!).toBeLessThan(ttlMs);
            }
            expect(count).toBeLessThanOrEqual(maxEntries);
            expect(bytes).toBeLessThanOrEqual(maxBytes);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("keeps a flood of 1 MB exchanges to maxBytes, the newest ones", async () => {
    const store = createMemoryResponseStore({ maxBytes: 16 * 1024 * 1024 });
    const megabyte = "x".repeat(1024 * 1024);
    for (let index = 0; index < 100; index++) await store.set(paddedRecord(`r${index}`, megabyte));
    const kept: number[] = [];
    for (let index = 0; index < 100; index++) if (await store.get(`r${index}`)) kept.push(index);
    expect(kept).toEqual(Array.from({ length: 15 }, (_, offset) => 85 + offset));
  });

  it("bounds bytes by default, with room for a request of the gateway's largest body", () => {
    expect(defaultResponseStoreLimits.maxBytes).toBeGreaterThanOrEqual(2 * 32 * 1024 * 1024);
    expect(defaultResponseStoreLimits.maxBytes).toBeLessThanOrEqual(512 * 1024 * 1024);
  });
});
