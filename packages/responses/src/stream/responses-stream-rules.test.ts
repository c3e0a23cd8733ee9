import { type ChatEvent, createConversionContext, transformAll } from "@interlingua/core";
import { chatEventStreamArbitrary, errorDataArbitrary } from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findResponsesStreamProblems } from "../../test/support/find-responses-stream-problems";
import { readFixtures, readRecordedStream, recordedStreamNames } from "../../test/support/recordings";
import { createResponsesStreamDecoder } from "./create-responses-stream-decoder";
import { createResponsesStreamEncoder } from "./create-responses-stream-encoder";

type WireEvent = Record<string, unknown>;

const encode = (events: ChatEvent[]) =>
  transformAll(events, createResponsesStreamEncoder(createConversionContext())) as Promise<WireEvent[]>;

const streams: { name: string; events: unknown[] }[] = [
  ...(await Promise.all(
    recordedStreamNames().map(async (name) => ({ name, events: await readRecordedStream(name) })),
  )),
  ...readFixtures("streams").map(({ name, value }) => ({ name, events: value as unknown[] })),
];

describe("the rules of a responses stream", () => {
  it("the checker catches broken sequence numbers, stray item ids and deltas that disagree", async () => {
    const good = await encode([
      { type: "response-start", id: "resp_1", model: "m" },
      { type: "part-start", index: 0, kind: "text" },
      { type: "text-delta", index: 0, text: "Hi" },
      { type: "part-end", index: 0, part: { type: "text", text: "Hi" } },
      { type: "response-end", finishReason: { reason: "stop" } },
    ]);
    expect(findResponsesStreamProblems(good)).toEqual([]);
    const renumbered = good.map((event, index) => (index === 3 ? { ...event, sequence_number: 9 } : event));
    expect(findResponsesStreamProblems(renumbered)).toEqual([expect.stringContaining("sequence_number 9")]);
    const strayId = good.map((event) =>
      event.type === "response.output_text.delta" ? { ...event, item_id: "msg_x" } : event,
    );
    expect(findResponsesStreamProblems(strayId)).toEqual([expect.stringContaining("item_id msg_x")]);
    const wrongDone = good.map((event) =>
      event.type === "response.output_text.done" ? { ...event, text: "Ho" } : event,
    );
    expect(findResponsesStreamProblems(wrongDone)).toEqual([
      expect.stringContaining("differs from what its deltas built"),
    ]);
    expect(findResponsesStreamProblems(good.slice(0, -1))).toEqual(["the stream has no terminal event"]);
  });

  it.each(streams)("holds for $name, decoded and re-encoded", async ({ events }) => {
    const decoded = await transformAll(events, createResponsesStreamDecoder(createConversionContext()));
    expect(findResponsesStreamProblems(await encode(decoded))).toEqual([]);
  });

  it("holds for any canonical stream, failures included", async () => {
    await fc.assert(
      fc.asyncProperty(chatEventStreamArbitrary, async (events) => {
        expect(findResponsesStreamProblems(await encode(events))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("holds for any canonical stream cut short by an upstream error, which ends it as failed", async () => {
    const cutShort = fc
      .tuple(chatEventStreamArbitrary, fc.nat(), errorDataArbitrary)
      .map(([events, cut, error]): ChatEvent[] => [
        ...events.slice(0, 1 + (cut % (events.length - 1))),
        { type: "error", error },
      ]);
    await fc.assert(
      fc.asyncProperty(cutShort, async (events) => {
        const encoded = await encode(events);
        expect(findResponsesStreamProblems(encoded)).toEqual([]);
        expect(encoded.map((event) => event.type)).not.toContain("response.completed");
        expect(encoded.at(-1)).toMatchObject({ type: "response.failed", response: { status: "failed" } });
      }),
      { numRuns: 200 },
    );
  });

  it("streams function-call arguments, reasoning summaries and refusals as deltas, then done events", async () => {
    const encoded = await encode([
      { type: "response-start", id: "resp_2", model: "m" },
      { type: "part-start", index: 0, kind: "reasoning" },
      { type: "reasoning-delta", index: 0, text: "Think", summaryIndex: 0 },
      { type: "reasoning-delta", index: 0, text: "ing.", summaryIndex: 0 },
      { type: "reasoning-delta", index: 0, text: "Again.", summaryIndex: 1 },
      { type: "part-end", index: 0, part: { type: "reasoning", summary: ["Thinking.", "Again."] } },
      { type: "part-start", index: 1, kind: "tool-call", id: "call_1", name: "f" },
      { type: "tool-arguments-delta", index: 1, text: '{"a":' },
      { type: "tool-arguments-delta", index: 1, text: "1}" },
      {
        type: "part-end",
        index: 1,
        part: { type: "tool-call", id: "call_1", name: "f", arguments: { a: 1 } },
      },
      { type: "part-start", index: 2, kind: "refusal" },
      { type: "part-end", index: 2, part: { type: "refusal", text: "No." } },
      { type: "response-end", finishReason: { reason: "tool_calls" } },
    ]);
    expect(findResponsesStreamProblems(encoded)).toEqual([]);
    const summary = encoded.filter((event) => String(event.type).startsWith("response.reasoning_summary"));
    expect(summary.map((event) => [event.type, event.summary_index])).toEqual([
      ["response.reasoning_summary_part.added", 0],
      ["response.reasoning_summary_text.delta", 0],
      ["response.reasoning_summary_text.delta", 0],
      ["response.reasoning_summary_text.done", 0],
      ["response.reasoning_summary_part.done", 0],
      ["response.reasoning_summary_part.added", 1],
      ["response.reasoning_summary_text.delta", 1],
      ["response.reasoning_summary_text.done", 1],
      ["response.reasoning_summary_part.done", 1],
    ]);
    const call = encoded.filter((event) => String(event.type).startsWith("response.function_call_arguments"));
    expect(call.map((event) => event.delta ?? event.arguments)).toEqual(['{"a":', "1}", '{"a":1}']);
    expect(call.at(-1)).toMatchObject({ name: "f", output_index: 1 });
    const refusal = encoded.filter((event) => String(event.type).startsWith("response.refusal"));
    expect(refusal).toMatchObject([
      { type: "response.refusal.delta", delta: "No.", output_index: 2, content_index: 0 },
      { type: "response.refusal.done", refusal: "No.", output_index: 2, content_index: 0 },
    ]);
  });

  it("decodes every delta of a multi-delta refusal into the refusal part", async () => {
    const events = readFixtures("streams").find(({ name }) => name === "refusal.json")!.value as WireEvent[];
    const deltaAt = events.findIndex((event) => event.type === "response.refusal.delta");
    const refusal = String(events[deltaAt]!.delta);
    const split = [
      ...events.slice(0, deltaAt),
      { ...events[deltaAt], delta: refusal.slice(0, 5) },
      { ...events[deltaAt], delta: refusal.slice(5) },
      ...events.slice(deltaAt + 1),
    ].map((event, index) => ({ ...event, sequence_number: index }));
    const decoded = await transformAll(split, createResponsesStreamDecoder(createConversionContext()));
    expect(decoded.find((event) => event.type === "part-end")).toMatchObject({
      part: { type: "refusal", text: refusal },
    });
  });

  it("streams a refusal followed by text in one message back exactly, the text waiting for the refusal", async () => {
    const ids = { item_id: "msg_1", output_index: 0 };
    const message = { id: "msg_1", type: "message", role: "assistant" };
    const text = { type: "output_text", annotations: [], logprobs: [] };
    const done = [
      { type: "refusal", refusal: "I can't share that." },
      { ...text, text: "But here is why." },
    ];
    const response = { id: "resp_1", object: "response", created_at: 1, model: "m", output: [] };
    const wire: WireEvent[] = [
      { type: "response.created", response: { ...response, status: "in_progress" } },
      { type: "response.in_progress", response: { ...response, status: "in_progress" } },
      {
        type: "response.output_item.added",
        output_index: 0,
        item: { ...message, status: "in_progress", content: [] },
      },
      {
        type: "response.content_part.added",
        ...ids,
        content_index: 0,
        part: { type: "refusal", refusal: "" },
      },
      { type: "response.refusal.delta", ...ids, content_index: 0, delta: "I can't share that." },
      { type: "response.refusal.done", ...ids, content_index: 0, refusal: "I can't share that." },
      { type: "response.content_part.done", ...ids, content_index: 0, part: done[0] },
      { type: "response.content_part.added", ...ids, content_index: 1, part: { ...text, text: "" } },
      { type: "response.output_text.delta", ...ids, content_index: 1, delta: "But here ", logprobs: [] },
      { type: "response.output_text.delta", ...ids, content_index: 1, delta: "is why.", logprobs: [] },
      { type: "response.output_text.done", ...ids, content_index: 1, text: "But here is why.", logprobs: [] },
      { type: "response.content_part.done", ...ids, content_index: 1, part: done[1] },
      {
        type: "response.output_item.done",
        output_index: 0,
        item: { ...message, status: "completed", content: done },
      },
      {
        type: "response.completed",
        response: {
          ...response,
          status: "completed",
          output: [{ ...message, status: "completed", content: done }],
        },
      },
    ].map((event, index) => ({ ...event, sequence_number: index }));
    const decoded = await transformAll(wire, createResponsesStreamDecoder(createConversionContext()));
    const encoded = await encode(decoded);
    expect(findResponsesStreamProblems(encoded)).toEqual([]);
    expect(encoded.map((event) => event.type)).toEqual(wire.map((event) => event.type));
    expect(encoded.slice(2, -1)).toEqual(wire.slice(2, -1));
  });
});
