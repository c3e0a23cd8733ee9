import { describe, expect, it } from "vitest";
import { storedResponseFixture, testResponseStore } from "../test/test-response-store";
import { createMemoryResponseStore } from "./memory-response-store";

testResponseStore("in memory", () => createMemoryResponseStore());

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
});
