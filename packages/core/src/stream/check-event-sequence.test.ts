import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChatEvent } from "../model/chat-event";
import { chatEventStreamArbitrary } from "../test/arbitraries";
import { assertValidEventSequence, findEventSequenceProblems } from "./check-event-sequence";

const start: ChatEvent = { type: "response-start", id: "r", model: "m" };
const end: ChatEvent = { type: "response-end", finishReason: { reason: "stop" } };
const text = (value: string): ChatEvent => ({
  type: "part-end",
  index: 0,
  part: { type: "text", text: value },
});

describe("findEventSequenceProblems", () => {
  it("accepts every generated stream", () => {
    fc.assert(
      fc.property(chatEventStreamArbitrary, (events) => {
        expect(findEventSequenceProblems(events)).toEqual([]);
      }),
    );
  });

  it("finds a problem in any generated stream with its terminal event removed", () => {
    fc.assert(
      fc.property(chatEventStreamArbitrary, (events) => {
        expect(findEventSequenceProblems(events.slice(0, -1)).length).toBeGreaterThan(0);
      }),
    );
  });

  it.each<[string, ChatEvent[], string]>([
    [
      "a delta before its part starts",
      [start, { type: "text-delta", index: 0, text: "x" }, end],
      "part 0 is not open",
    ],
    [
      "a part that never ends",
      [start, { type: "part-start", index: 0, kind: "text" }, end],
      "part 0 never ended",
    ],
    [
      "a part started twice",
      [
        start,
        { type: "part-start", index: 0, kind: "text" },
        text(""),
        { type: "part-start", index: 0, kind: "text" },
        text(""),
        end,
      ],
      "part 0 started twice",
    ],
    ["events after the end", [start, end, { type: "keepalive" }], "comes after the terminal event"],
    ["two terminal events", [start, end, end], "comes after the terminal event"],
    ["no terminal event", [start], "no terminal event"],
    ["no response-start", [end], "no response-start"],
    [
      "a delta of the wrong kind",
      [
        start,
        { type: "part-start", index: 0, kind: "text" },
        { type: "tool-arguments-delta", index: 0, text: "{" },
        text(""),
        end,
      ],
      "not allowed in a text part",
    ],
    [
      "a part that changes kind",
      [start, { type: "part-start", index: 0, kind: "reasoning" }, text(""), end],
      "started as reasoning but ended as text",
    ],
    [
      "text deltas that do not add up",
      [
        start,
        { type: "part-start", index: 0, kind: "text" },
        { type: "text-delta", index: 0, text: "Hi" },
        text("Hello"),
        end,
      ],
      "do not add up",
    ],
  ])("reports %s", (_name, events, expected) => {
    const problems = findEventSequenceProblems(events);
    expect(problems.join("\n")).toContain(expected);
    expect(() => assertValidEventSequence(events)).toThrow(expected);
  });

  it("allows a stream to fail with parts still open", () => {
    const events: ChatEvent[] = [
      start,
      { type: "part-start", index: 0, kind: "text" },
      { type: "error", error: { kind: "internal", status: 500, message: "boom" } },
    ];
    expect(findEventSequenceProblems(events)).toEqual([]);
  });
});
