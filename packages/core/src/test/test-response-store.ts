import { describe, expect, it } from "vitest";
import type { ResponseStore, StoredResponse } from "../contracts/response-store";

/** A stored exchange for store tests. */
export function storedResponseFixture(id: string, previousResponseId?: string): StoredResponse {
  const record: StoredResponse = {
    id,
    input: [{ role: "user", parts: [{ type: "text", text: `question ${id}` }] }],
    instructions: [{ role: "system", parts: [{ type: "text", text: "be brief" }] }],
    response: {
      id,
      model: "model",
      parts: [{ type: "text", text: `answer ${id}` }],
      finishReason: { reason: "stop", raw: "stop" },
      usage: { inputTokens: 3, outputTokens: 2 },
      status: "completed",
    },
    createdAt: 1_700_000_000_000,
  };
  if (previousResponseId !== undefined) record.previousResponseId = previousResponseId;
  return record;
}

/**
 * The conformance suite every {@link ResponseStore} runs (the in-memory one, Redis, a third
 * party's): `createStore` must return an empty store each time it is called.
 */
export function testResponseStore(
  name: string,
  createStore: () => ResponseStore | Promise<ResponseStore>,
): void {
  describe(`response store ${name}`, () => {
    it("answers undefined for an unknown id", async () => {
      const store = await createStore();
      expect(await store.get("resp_unknown")).toBeUndefined();
    });

    it("gives back what was stored, unchanged", async () => {
      const store = await createStore();
      const record = storedResponseFixture("resp_1", "resp_0");
      await store.set(record);
      expect(await store.get("resp_1")).toEqual(record);
    });

    it("keeps the owner a record was stored with (tenant isolation depends on it)", async () => {
      const store = await createStore();
      await store.set({ ...storedResponseFixture("resp_owned"), owner: "key-sha256:0123abcd" });
      expect((await store.get("resp_owned"))?.owner).toBe("key-sha256:0123abcd");
    });

    it("replaces a record stored under the same id", async () => {
      const store = await createStore();
      await store.set(storedResponseFixture("resp_1"));
      const replacement = { ...storedResponseFixture("resp_1"), createdAt: 1 };
      await store.set(replacement);
      expect(await store.get("resp_1")).toEqual(replacement);
    });

    it("deletes, and says whether there was something to delete", async () => {
      const store = await createStore();
      await store.set(storedResponseFixture("resp_1"));
      expect(await store.delete("resp_1")).toBe(true);
      expect(await store.get("resp_1")).toBeUndefined();
      expect(await store.delete("resp_1")).toBe(false);
    });

    it("keeps records apart", async () => {
      const store = await createStore();
      await store.set(storedResponseFixture("resp_a"));
      await store.set(storedResponseFixture("resp_b", "resp_a"));
      expect((await store.get("resp_a"))?.response.parts).toEqual([{ type: "text", text: "answer resp_a" }]);
      expect((await store.get("resp_b"))?.previousResponseId).toBe("resp_a");
    });
  });
}
