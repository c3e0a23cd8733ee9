import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CanonicalError } from "../errors/canonical-error";
import type { ChatEvent } from "../model/chat-event";
import { ChatResponse } from "../model/chat-response";
import { chatResponseArbitrary } from "../test/arbitraries";
import { accumulate } from "./accumulate";
import { findEventSequenceProblems } from "./check-event-sequence";
import { collect } from "./collect";
import { replay, replayEvents } from "./replay";

describe("accumulate and replay", () => {
  it("accumulate(replay(response)) gives back the response", async () => {
    await fc.assert(
      fc.asyncProperty(chatResponseArbitrary, async (response) => {
        expect(ChatResponse.safeParse(response).success).toBe(true);
        expect(await accumulate(replay(response))).toEqual(response);
      }),
    );
  });

  it("replay produces a valid event sequence", () => {
    fc.assert(
      fc.property(chatResponseArbitrary, (response) => {
        expect(findEventSequenceProblems(replayEvents(response))).toEqual([]);
      }),
    );
  });

  it("streams text as deltas that add up to the part", async () => {
    const events = await collect(
      replay({
        id: "r1",
        model: "m",
        parts: [{ type: "text", text: "Hello" }],
        finishReason: { reason: "stop", raw: "end_turn" },
        usage: { inputTokens: 3, outputTokens: 1 },
        status: "completed",
      }),
    );
    expect(events.map((event) => event.type)).toEqual([
      "response-start",
      "part-start",
      "text-delta",
      "part-end",
      "response-end",
    ]);
    expect(events[2]).toEqual({ type: "text-delta", index: 0, text: "Hello" });
  });

  it("builds parts from deltas when a stream is cut short without part-end", async () => {
    const events: ChatEvent[] = [
      { type: "response-start", id: "r", model: "m" },
      { type: "part-start", index: 0, kind: "text" },
      { type: "text-delta", index: 0, text: "Hel" },
      { type: "text-delta", index: 0, text: "lo" },
      { type: "part-start", index: 1, kind: "tool-call", id: "call_1", name: "lookup" },
      { type: "tool-arguments-delta", index: 1, text: '{"q":' },
      { type: "response-end", finishReason: { reason: "length", raw: "max_tokens" }, status: "incomplete" },
    ];
    const response = await accumulate(events);
    expect(response.parts).toEqual([
      { type: "text", text: "Hello" },
      { type: "tool-call", id: "call_1", name: "lookup", arguments: undefined, rawArguments: '{"q":' },
    ]);
    expect(response.status).toBe("incomplete");
  });

  it("merges usage from start, usage events and end, later counts winning", async () => {
    const response = await accumulate([
      { type: "response-start", id: "r", model: "m", usage: { inputTokens: 10, outputTokens: 1 } },
      { type: "usage", usage: { outputTokens: 5 } },
      { type: "response-end", finishReason: { reason: "stop" }, usage: { outputTokens: 7, totalTokens: 17 } },
    ]);
    expect(response.usage).toEqual({ inputTokens: 10, outputTokens: 7, totalTokens: 17 });
  });

  it("turns an error event into a failed response", async () => {
    const error = { kind: "overloaded" as const, status: 529, message: "busy" };
    const response = await accumulate([
      { type: "response-start", id: "r", model: "m" },
      { type: "error", error },
    ]);
    expect(response).toMatchObject({ status: "failed", error, finishReason: { reason: "error" } });
  });

  it("refuses a stream that ends without a terminal event", async () => {
    const attempt = accumulate([{ type: "response-start", id: "r", model: "m" }]);
    await expect(attempt).rejects.toSatisfy(
      (error: unknown) => CanonicalError.isInstance(error) && error.kind === "unavailable",
    );
  });
});

describe("accumulate of format extensions", () => {
  it("merges response-start and response-end extensions, the end winning per field", async () => {
    const response = await accumulate([
      { type: "response-start", id: "r", model: "m", extensions: { responses: { echoed: 1, tier: "auto" } } },
      {
        type: "response-end",
        finishReason: { reason: "stop" },
        extensions: { responses: { tier: "flex" }, other: { x: 1 } },
      },
    ]);
    expect(response.extensions).toEqual({ responses: { echoed: 1, tier: "flex" }, other: { x: 1 } });
  });
});
