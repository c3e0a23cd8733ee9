import {
  accumulate,
  assertValidEventSequence,
  type ChatEvent,
  createConversionContext,
  StreamParseFailure,
  transformAll,
} from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { createGenerateContentStreamDecoder } from "./create-generate-content-stream-decoder";
import { createGenerateContentStreamEncoder } from "./create-generate-content-stream-encoder";

const chunk = (parts: unknown[], extra: Record<string, unknown> = {}) => ({
  candidates: [{ content: { parts, role: "model" }, index: 0, ...extra }],
  modelVersion: "gemini-test",
  responseId: "r1",
});
const decode = async (chunks: unknown[]) => {
  const events = await transformAll(chunks, createGenerateContentStreamDecoder(createConversionContext()));
  assertValidEventSequence(events);
  return events;
};

describe("generate-content stream decoder", () => {
  it("streams text as deltas of one part and ends at the end of input", async () => {
    const events = await decode([
      chunk([{ text: "Hel" }]),
      chunk([{ text: "lo" }], { finishReason: "STOP" }),
    ]);
    expect(events.map((event) => event.type)).toEqual([
      "response-start",
      "part-start",
      "text-delta",
      "text-delta",
      "part-end",
      "response-end",
    ]);
    expect((await accumulate(events)).parts).toEqual([{ type: "text", text: "Hello" }]);
  });

  it("turns a whole function call into a tool call with its arguments, finishing as tool_calls later", async () => {
    const events = await decode([
      chunk([{ text: "Let me check." }]),
      chunk([{ functionCall: { name: "get_weather", args: { city: "Paris" } } }]),
      chunk([{ text: "" }], { finishReason: "STOP" }),
    ]);
    expect(events).toContainEqual({
      type: "part-start",
      index: 1,
      kind: "tool-call",
      id: "call_r1_1",
      name: "get_weather",
      extensions: { "generate-content": { candidateIndexed: true } },
    });
    expect(events).toContainEqual({ type: "tool-arguments-delta", index: 1, text: '{"city":"Paris"}' });
    const response = await accumulate(events);
    expect(response.finishReason).toEqual({ reason: "tool_calls", raw: "STOP" });
    expect(response.parts[1]).toMatchObject({
      type: "tool-call",
      name: "get_weather",
      arguments: { city: "Paris" },
    });
  });

  it("keeps thoughts apart from the answer and a signature on the part it came with", async () => {
    const response = await accumulate(
      await decode([
        chunk([{ text: "Thinking", thought: true }]),
        chunk([{ text: "", thought: true, thoughtSignature: "c2ln" }]),
        chunk([{ text: "Answer" }], { finishReason: "STOP" }),
      ]),
    );
    expect(response.parts).toEqual([
      { type: "reasoning", text: "Thinking", signature: { format: "generate-content", data: "c2ln" } },
      { type: "text", text: "Answer" },
    ]);
  });

  it("maps a blocked prompt to content_filter with the reason, not to an empty success", async () => {
    const response = await accumulate(
      await decode([{ promptFeedback: { blockReason: "BLOCKLIST" }, responseId: "r2" }]),
    );
    expect(response.finishReason).toEqual({ reason: "content_filter", raw: "BLOCKLIST" });
    expect(response.status).toBe("incomplete");
    expect(response.parts).toEqual([]);
  });

  it("ends with an error event for an error chunk, a parse failure, or no chunk at all", async () => {
    const overloaded = await decode([
      chunk([{ text: "x" }]),
      { error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } },
      chunk([{ text: "ignored" }]),
    ]);
    expect(overloaded.at(-1)).toMatchObject({ type: "error", error: { kind: "overloaded", status: 503 } });
    const broken = await decode([new StreamParseFailure("Unexpected token", "{oops")]);
    expect(broken).toEqual([
      expect.objectContaining({ type: "error", error: expect.objectContaining({ status: 502 }) }),
    ]);
    expect(await decode([])).toEqual([expect.objectContaining({ type: "error" })]);
  });

  it("ends a stream cut off before any finishReason with an error event, never a completion", async () => {
    const cut = await decode([chunk([{ text: "Half an ans" }]), chunk([{ text: "wer" }])]);
    expect(cut.map((event) => event.type)).toEqual([
      "response-start",
      "part-start",
      "text-delta",
      "text-delta",
      "error",
    ]);
    expect(cut.at(-1)).toMatchObject({ error: { kind: "unavailable", status: 502 } });
    const usageOnly = await decode([{ usageMetadata: { promptTokenCount: 3 }, responseId: "r1" }]);
    expect(usageOnly.at(-1)?.type).toBe("error");
  });

  it("re-encodes to chunks whose concatenated parts give back the text and the call", async () => {
    const events = await decode([
      chunk([{ text: "A" }]),
      chunk([{ text: "B" }]),
      chunk([{ functionCall: { name: "f", args: { x: 1 } } }]),
      chunk([], { finishReason: "STOP" }),
    ]);
    const chunks = await transformAll(events, createGenerateContentStreamEncoder(createConversionContext()));
    const parts = chunks.flatMap(
      (item) =>
        (item as { candidates?: { content?: { parts?: unknown[] } }[] }).candidates?.[0]?.content?.parts ??
        [],
    );
    expect(parts).toEqual([{ text: "A" }, { text: "B" }, { functionCall: { name: "f", args: { x: 1 } } }]);
    expect(chunks.at(-1)).toMatchObject({ candidates: [{ finishReason: "STOP" }], responseId: "r1" });
  });

  it("sends a signature with the piece it came with only for a part of this format", async () => {
    const encode = (events: ChatEvent[]) =>
      transformAll(events, createGenerateContentStreamEncoder(createConversionContext()));
    const partsOf = (chunks: unknown[]) =>
      chunks.map(
        (item) =>
          (item as { candidates: { content?: { parts: unknown[] } }[] }).candidates[0]?.content?.parts,
      );
    const own = await encode(
      await decode([
        chunk([{ text: "A", thought: true, thoughtSignature: "c2ln" }], { finishReason: "STOP" }),
      ]),
    );
    expect(partsOf(own)[0]).toEqual([{ text: "A", thought: true, thoughtSignature: "c2ln" }]);

    const signature = { format: "generate-content", data: "c2ln" };
    const foreign = await encode([
      { type: "response-start", id: "r", model: "m" },
      { type: "part-start", index: 0, kind: "reasoning" },
      { type: "signature-delta", index: 0, signature: "c2ln" },
      { type: "reasoning-delta", index: 0, text: "A" },
      { type: "part-end", index: 0, part: { type: "reasoning", text: "A", signature } },
      { type: "response-end", finishReason: { reason: "stop" } },
    ]);
    expect(partsOf(foreign).slice(0, 2)).toEqual([
      [{ text: "A", thought: true }],
      [{ text: "", thought: true, thoughtSignature: "c2ln" }],
    ]);
  });
});
