import {
  CanonicalError,
  type ChatProvider,
  type ChatRequest,
  type ChatResponse,
  createConversionContext,
  createMemoryResponseStore,
} from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { responsesErrorToWire } from "../errors/responses-error-to-wire";
import { decodeResponsesRequest } from "../request/decode-responses-request";
import { createResponsesConversationState } from "./create-responses-conversation-state";

const answer = (id: string, text: string): ChatResponse => ({
  id,
  model: "m",
  parts: [{ type: "text", text }],
  finishReason: { reason: "stop" },
  usage: {},
  status: "completed",
});

const turn = (input: string, extra: Record<string, unknown> = {}): ChatRequest =>
  decodeResponsesRequest({ model: "m", input, ...extra }, createConversionContext());

const texts = (request: ChatRequest) =>
  request.messages.map(
    (message) =>
      `${message.role}:${message.parts.map((part) => (part.type === "text" ? part.text : part.type)).join("")}`,
  );

describe("createResponsesConversationState", () => {
  it("rebuilds a three-turn chain in order, without earlier instructions or the id", async () => {
    const state = createResponsesConversationState({ store: createMemoryResponseStore() });
    const first = turn("one", { instructions: "first rules" });
    await state.remember(first, answer("resp_1", "uno"));
    const second = turn("two", { instructions: "second rules", previous_response_id: "resp_1" });
    await state.remember(second, answer("resp_2", "dos"));
    const third = turn("three", { instructions: "third rules", previous_response_id: "resp_2" });

    const expanded = await state.expand(third);
    expect(texts(expanded)).toEqual(["user:one", "assistant:uno", "user:two", "assistant:dos", "user:three"]);
    expect(expanded.instructions).toEqual([
      { role: "system", parts: [{ type: "text", text: "third rules" }] },
    ]);
    expect(expanded.previousResponseId).toBeUndefined();
  });

  it("stores only the request's new input, so remembering an expanded turn is not needed", async () => {
    const store = createMemoryResponseStore();
    const state = createResponsesConversationState({ store, now: () => 7 });
    const request = turn("hello", { previous_response_id: undefined });
    await state.remember(request, answer("resp_a", "hi"));
    expect(await store.get("resp_a")).toMatchObject({ id: "resp_a", input: request.messages, createdAt: 7 });
    expect((await store.get("resp_a"))?.previousResponseId).toBeUndefined();
  });

  it("stores nothing for store: false, so continuing from it is not found", async () => {
    const store = createMemoryResponseStore();
    const state = createResponsesConversationState({ store });
    await state.remember(turn("secret", { store: false }), answer("resp_private", "ok"));
    expect(await store.get("resp_private")).toBeUndefined();
    await expect(state.expand(turn("more", { previous_response_id: "resp_private" }))).rejects.toMatchObject({
      kind: "not_found",
    });
  });

  it("answers an unknown id with a 404 naming previous_response_id in this format's error body", async () => {
    const state = createResponsesConversationState({ store: createMemoryResponseStore() });
    const attempt = state.expand(turn("hi", { previous_response_id: "resp_missing" }));
    const error = await attempt.catch((thrown: unknown) => thrown);
    expect(CanonicalError.isInstance(error)).toBe(true);
    const wire = responsesErrorToWire(error as CanonicalError);
    expect(wire.status).toBe(404);
    expect(wire.body.error).toMatchObject({
      param: "previous_response_id",
      code: "previous_response_not_found",
    });
    expect(wire.body.error.message).toContain("resp_missing");
  });

  it("fails when a link deeper in the chain has expired", async () => {
    const store = createMemoryResponseStore();
    const state = createResponsesConversationState({ store });
    await state.remember(turn("one"), answer("resp_1", "uno"));
    await state.remember(turn("two", { previous_response_id: "resp_1" }), answer("resp_2", "dos"));
    await store.delete("resp_1");
    await expect(state.expand(turn("three", { previous_response_id: "resp_2" }))).rejects.toMatchObject({
      kind: "not_found",
      message: expect.stringContaining("resp_1"),
    });
  });

  it("does not store failed responses and leaves requests without an id untouched", async () => {
    const store = createMemoryResponseStore();
    const state = createResponsesConversationState({ store });
    await state.remember(turn("x"), { ...answer("resp_f", ""), status: "failed" });
    expect(await store.get("resp_f")).toBeUndefined();
    const request = turn("plain");
    expect(await state.expand(request)).toBe(request);
  });

  it("drops item references with a loss, since only a responses backend can resolve them", async () => {
    const state = createResponsesConversationState({ store: createMemoryResponseStore() });
    const request = decodeResponsesRequest(
      {
        model: "m",
        input: [
          { type: "item_reference", id: "msg_1" },
          { role: "user", content: "go on" },
        ],
      },
      createConversionContext(),
    );
    const context = createConversionContext();
    const expanded = await state.expand(request, context);
    expect(texts(expanded)).toEqual(["user:go on"]);
    expect(context.losses).toEqual([
      { code: "dropped", path: "/messages/0", message: expect.stringContaining("item_reference") },
    ]);
  });

  it("names a tool result after the stored call it answers, without touching the stored turn", async () => {
    const store = createMemoryResponseStore();
    const state = createResponsesConversationState({ store });
    const call: ChatResponse = {
      ...answer("resp_call", ""),
      parts: [{ type: "tool-call", id: "call_1", name: "get_weather", arguments: { city: "Oslo" } }],
      finishReason: { reason: "tool_calls" },
    };
    await state.remember(turn("weather?"), call);
    const followUp = decodeResponsesRequest(
      {
        model: "m",
        previous_response_id: "resp_call",
        input: [{ type: "function_call_output", call_id: "call_1", output: "cold" }],
      },
      createConversionContext(),
    );
    const expanded = await state.expand(followUp);
    expect(expanded.messages.at(-1)?.parts).toEqual([
      {
        type: "tool-result",
        callId: "call_1",
        name: "get_weather",
        content: [{ type: "text", text: "cold" }],
      },
    ]);
    expect(followUp.messages[0]?.parts[0]).not.toHaveProperty("name");
  });

  it("applies to backends of other formats only: a responses backend gets the id as it is", () => {
    const state = createResponsesConversationState({ store: createMemoryResponseStore() });
    const backend = (wireFormat?: string): ChatProvider => ({
      id: "b",
      capabilities: { streaming: true, ...(wireFormat && { wireFormat }) },
      generate: () => Promise.reject(new Error("unused")),
      stream: () => Promise.reject(new Error("unused")),
    });
    expect(state.appliesTo(backend("responses"))).toBe(false);
    expect(state.appliesTo(backend("messages"))).toBe(true);
    expect(state.appliesTo(backend())).toBe(true);
  });

  it("lets a tenant continue only from its own exchanges, answering another's id as unknown", async () => {
    const store = createMemoryResponseStore();
    const state = createResponsesConversationState({ store });
    const alice = state.forTenant("tenant-alice");
    const bob = state.forTenant("tenant-bob");
    await alice.remember(turn("alice's secret"), answer("resp_alice", "noted"));
    expect((await store.get("resp_alice"))?.owner).toBe("tenant-alice");

    const own = await alice.expand(turn("more", { previous_response_id: "resp_alice" }));
    expect(texts(own)).toEqual(["user:alice's secret", "assistant:noted", "user:more"]);

    for (const other of [bob, state]) {
      const stolen = await other.expand(turn("more", { previous_response_id: "resp_alice" })).catch((e) => e);
      const unknown = await other
        .expand(turn("more", { previous_response_id: "resp_nothing" }))
        .catch((e) => e);
      expect(CanonicalError.isInstance(stolen)).toBe(true);
      const stolenWire = responsesErrorToWire(stolen as CanonicalError);
      const unknownWire = responsesErrorToWire(unknown as CanonicalError);
      expect(stolenWire.status).toBe(404);
      expect(stolenWire.body.error.message.replace("resp_alice", "ID")).toBe(
        unknownWire.body.error.message.replace("resp_nothing", "ID"),
      );
      expect({ ...stolenWire.body.error, message: "" }).toEqual({ ...unknownWire.body.error, message: "" });
    }
  });

  it("stores exchanges of the tenant without identity without an owner, visible to that tenant only", async () => {
    const store = createMemoryResponseStore();
    const state = createResponsesConversationState({ store });
    await state.remember(turn("open"), answer("resp_open", "ok"));
    expect((await store.get("resp_open"))?.owner).toBeUndefined();
    expect(texts(await state.expand(turn("next", { previous_response_id: "resp_open" })))).toHaveLength(3);
    await expect(
      state.forTenant("tenant-x").expand(turn("next", { previous_response_id: "resp_open" })),
    ).rejects.toMatchObject({ kind: "not_found" });
  });

  it("issues response ids of 128 random bits in the resp_<hex> shape", () => {
    const state = createResponsesConversationState({ store: createMemoryResponseStore() });
    const ids = Array.from({ length: 1000 }, () => state.forTenant("t").issueResponseId());
    for (const id of ids) expect(id).toMatch(/^resp_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
