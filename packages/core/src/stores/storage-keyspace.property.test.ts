import fc from "fast-check";
import { createStorage } from "unstorage";
import memoryDriver from "unstorage/drivers/memory";
import { describe, expect, it } from "vitest";
import { maxStorageKeyLength, storageKeyOf } from "./storage-key";
import { createStorageKeyspace, storageText } from "./storage-keyspace";
import { utf8Length } from "./utf8-length";

describe("storageKeyOf", () => {
  it("gives every id a key of safe characters, and different ids different keys", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 60 }),
        fc.string({ unit: "binary", maxLength: 60 }),
        (left, right) => {
          const [leftKey, rightKey] = [storageKeyOf(left), storageKeyOf(right)];
          for (const key of [leftKey, rightKey])
            if (key !== undefined) expect(key).toMatch(/^[A-Za-z0-9_~-]*$/);
          if (left !== right && leftKey !== undefined) expect(leftKey).not.toBe(rightKey);
        },
      ),
    );
    expect(storageKeyOf("x".repeat(maxStorageKeyLength + 1))).toBeUndefined();
  });
});

describe("createStorageKeyspace", () => {
  it("stays within its bounds whatever is stored, never answers an expired entry, and keeps the latest that fits", async () => {
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant("set" as const),
        id: fc.integer({ min: 0, max: 9 }),
        text: fc.string({ unit: "binary", maxLength: 200 }),
      }),
      fc.record({ kind: fc.constant("delete" as const), id: fc.integer({ min: 0, max: 9 }) }),
      fc.record({ kind: fc.constant("tick" as const), ms: fc.integer({ min: 0, max: 400 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { maxLength: 40 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 100, max: 1500 }),
        async (operations, maxEntries, maxBytes) => {
          let now = 0;
          const ttlMs = 1000;
          const keyspace = createStorageKeyspace(createStorage({ driver: memoryDriver() }), "p", {
            limits: { maxEntries, maxBytes, ttlMs },
            now: () => now,
          });
          const storedAt = new Map<string, number>();
          for (const step of operations) {
            if (step.kind === "tick") now += step.ms;
            else if (step.kind === "delete") await keyspace.delete(`r${step.id}`);
            else {
              await keyspace.set(`r${step.id}`, step.text);
              storedAt.set(`r${step.id}`, now);
              const kept = await keyspace.get(`r${step.id}`);
              expect(kept !== undefined).toBe(utf8Length(step.text) <= maxBytes);
              if (kept) expect(storageText(kept.data)).toBe(step.text);
            }
            let count = 0;
            let bytes = 0;
            for (let id = 0; id <= 9; id++) {
              const entry = await keyspace.get(`r${id}`);
              if (entry === undefined) continue;
              count++;
              bytes += utf8Length(storageText(entry.data));
              expect(now - storedAt.get(`r${id}`)!).toBeLessThan(ttlMs);
            }
            expect(count).toBeLessThanOrEqual(maxEntries);
            expect(bytes).toBeLessThanOrEqual(maxBytes);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
