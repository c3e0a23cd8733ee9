import {
  accumulate,
  type ChatEvent,
  type ChatResponse,
  createConversionContext,
  type Part,
  replayEvents,
  transformAll,
} from "@interlingua/core";
import { chatEventStreamArbitrary } from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeMessagesResponse } from "../response/decode-messages-response";
import { encodeMessagesResponse } from "../response/encode-messages-response";
import { createMessagesStreamDecoder } from "./create-messages-stream-decoder";
import { createMessagesStreamEncoder } from "./create-messages-stream-encoder";

async function encode(events: ChatEvent[]) {
  const context = createConversionContext();
  return { wire: await transformAll(events, createMessagesStreamEncoder(context)), losses: context.losses };
}

const start: ChatEvent = { type: "response-start", id: "msg_1", model: "m", usage: { inputTokens: 5 } };
const end: ChatEvent = { type: "response-end", finishReason: { reason: "stop" }, usage: { outputTokens: 3 } };
const types = (wire: Record<string, unknown>[]) =>
  wire.map((event) =>
    event.type === "content_block_start" || event.type === "content_block_stop"
      ? `${event.type}:${event.index}`
      : event.type,
  );

describe("createMessagesStreamEncoder", () => {
  it("sends no block for a text part that stays empty, and numbers blocks itself", async () => {
    const { wire } = await encode([
      start,
      { type: "part-start", index: 3, kind: "text" },
      { type: "text-delta", index: 3, text: "" },
      { type: "keepalive" },
      { type: "part-end", index: 3, part: { type: "text", text: "" } },
      { type: "part-start", index: 7, kind: "text" },
      { type: "text-delta", index: 7, text: "Hi" },
      { type: "part-end", index: 7, part: { type: "text", text: "Hi" } },
      { type: "part-start", index: 9, kind: "tool-call", id: "t1", name: "f" },
      { type: "tool-arguments-delta", index: 9, text: "{}" },
      { type: "part-end", index: 9, part: { type: "tool-call", id: "t1", name: "f", arguments: {} } },
      end,
    ]);
    expect(types(wire)).toEqual([
      "message_start",
      "ping",
      "content_block_start:0",
      "content_block_delta",
      "content_block_stop:0",
      "content_block_start:1",
      "content_block_delta",
      "content_block_stop:1",
      "message_delta",
      "message_stop",
    ]);
    expect(wire[2]).toEqual({
      type: "content_block_start",
      index: 0,
      content_block: { type: "text", text: "" },
    });
    expect(wire.at(-2)).toEqual({
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { output_tokens: 3 },
    });
  });

  it("sends a part given only at part-end (a replayed response) as one block", async () => {
    const { wire } = await encode([
      start,
      { type: "part-start", index: 0, kind: "tool-call", id: "t1", name: "f" },
      { type: "part-end", index: 0, part: { type: "tool-call", id: "t1", name: "f", arguments: { a: 1 } } },
      { type: "part-start", index: 1, kind: "reasoning" },
      {
        type: "part-end",
        index: 1,
        part: { type: "reasoning", redacted: true, signature: { format: "messages", data: "R" } },
      },
      end,
    ]);
    expect(wire.slice(1, -2)).toEqual([
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", id: "t1", name: "f", input: {} },
      },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"a":1}' } },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "redacted_thinking", data: "R" } },
      { type: "content_block_stop", index: 1 },
    ]);
  });

  it("ends a failed stream with an error event and no message_stop", async () => {
    const { wire } = await encode([
      start,
      { type: "part-start", index: 0, kind: "text" },
      { type: "text-delta", index: 0, text: "par" },
      { type: "error", error: { kind: "overloaded", status: 529, message: "Overloaded" } },
    ]);
    expect(wire.at(-1)).toEqual({
      type: "error",
      error: { type: "overloaded_error", message: "Overloaded" },
    });
    expect(types(wire)).not.toContain("message_stop");
  });

  it("reports an upstream's error code it has no type for, but not one it sends", async () => {
    const quota = { kind: "rate_limit" as const, status: 429, message: "quota", code: "insufficient_quota" };
    const { wire, losses } = await encode([start, { type: "error", error: quota }]);
    expect(wire.at(-1)).toEqual({ type: "error", error: { type: "rate_limit_error", message: "quota" } });
    expect(losses.map((loss) => [loss.code, loss.path])).toEqual([["dropped", "/error/code"]]);
    const billing = { ...quota, kind: "permission" as const, status: 403, code: "billing_error" };
    expect((await encode([start, { type: "error", error: billing }])).losses).toEqual([]);
  });

  it("never fakes success when its input ends early", async () => {
    const { wire } = await encode([start, { type: "part-start", index: 0, kind: "text" }]);
    expect(wire.at(-1)).toMatchObject({ type: "error", error: { type: "api_error" } });
    expect(types(wire)).not.toContain("message_stop");
  });

  it("drops reasoning of another format with a loss, never a thinking block signed with nothing", async () => {
    const { wire, losses } = await encode([
      start,
      { type: "part-start", index: 0, kind: "reasoning" },
      { type: "reasoning-delta", index: 0, text: "thought" },
      { type: "signature-delta", index: 0, signature: "enc" },
      {
        type: "part-end",
        index: 0,
        part: { type: "reasoning", text: "thought", signature: { format: "responses", data: "enc" } },
      },
      { type: "part-start", index: 1, kind: "reasoning" },
      {
        type: "part-end",
        index: 1,
        part: { type: "reasoning", summary: ["s"], signature: { format: "responses", data: "x" } },
      },
      { type: "part-start", index: 2, kind: "reasoning" },
      { type: "reasoning-delta", index: 2, text: "unsigned" },
      { type: "part-end", index: 2, part: { type: "reasoning", text: "unsigned" } },
      end,
    ]);
    expect(JSON.stringify(wire)).not.toContain("thinking");
    expect(types(wire)).toEqual(["message_start", "message_delta", "message_stop"]);
    expect(losses.map((loss) => loss.path)).toEqual(["/parts/0", "/parts/1", "/parts/2"]);
  });

  it("streams reasoning of another format that carries a messages signature, whole at its end", async () => {
    const { wire, losses } = await encode([
      start,
      { type: "part-start", index: 0, kind: "reasoning" },
      { type: "reasoning-delta", index: 0, text: "thought" },
      {
        type: "part-end",
        index: 0,
        part: { type: "reasoning", text: "thought", signature: { format: "messages", data: "sig" } },
      },
      end,
    ]);
    expect(wire.slice(1, 6)).toEqual([
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "thinking", thinking: "", signature: "" },
      },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "thought" } },
      { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "sig" } },
      { type: "content_block_stop", index: 0 },
      {
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        usage: { output_tokens: 3 },
      },
    ]);
    expect(losses).toEqual([]);
  });

  it("sends reasoning as the whole-response encoder does, whatever its signature", async () => {
    const signature = fc.option(
      fc.record({
        format: fc.constantFrom("messages", "responses", "generate-content"),
        data: fc.string({ minLength: 1 }),
      }),
      { nil: undefined },
    );
    const reasoning = fc
      .record({ text: fc.string({ minLength: 1 }), signature })
      .map(({ text, signature }): Part => ({ type: "reasoning", text, ...(signature && { signature }) }));
    await fc.assert(
      fc.asyncProperty(fc.array(reasoning, { minLength: 1, maxLength: 3 }), async (parts) => {
        const response: ChatResponse = {
          id: "msg_1",
          model: "m",
          parts,
          finishReason: { reason: "stop" },
          usage: { inputTokens: 1, outputTokens: 1 },
          status: "completed",
        };
        const streamed = await encode(replayEvents(response));
        const redecoded = await transformAll(
          streamed.wire,
          createMessagesStreamDecoder(createConversionContext()),
        );
        const wholeContext = createConversionContext();
        const whole = encodeMessagesResponse(response, wholeContext);
        const streamedParts = (await accumulate(redecoded)).parts;
        expect(streamedParts).toEqual(decodeMessagesResponse(whole, createConversionContext()).parts);
        expect(streamed.losses).toEqual(wholeContext.losses);
      }),
    );
  });

  it("keeps input tokens right when a later usage omits cache counts", async () => {
    const wire = [
      {
        type: "message_start",
        message: {
          id: "m",
          type: "message",
          role: "assistant",
          model: "m",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 10, cache_read_input_tokens: 90, output_tokens: 1 },
        },
      },
      {
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        usage: { input_tokens: 10, output_tokens: 5 },
      },
      { type: "message_stop" },
    ];
    const events = await transformAll(wire, createMessagesStreamDecoder(createConversionContext()));
    expect(events.at(-1)).toMatchObject({ usage: { inputTokens: 100, outputTokens: 5 } });
    const { wire: back } = await encode(events);
    expect(back).toEqual(wire);
  });
});

/** Problems with the block structure of encoded messages events, as the format requires it. */
function blockProblems(wire: Record<string, unknown>[]): string[] {
  const problems: string[] = [];
  const started = new Map<number, { text: string; deltas: number; stopped: boolean }>();
  for (const event of wire) {
    const index = event.index as number;
    const block = started.get(index);
    if (event.type === "content_block_start") {
      if (block) problems.push(`a second content_block_start for ${index}`);
      if (index !== started.size) problems.push(`block ${index} started out of order`);
      const content = event.content_block as Record<string, unknown>;
      started.set(index, {
        text: content.type === "text" ? (content.text as string) : "(not text)",
        deltas: 0,
        stopped: false,
      });
    } else if (event.type === "content_block_delta") {
      if (!block || block.stopped) problems.push(`a delta for block ${index}, which is not open`);
      else if ((event.delta as Record<string, unknown>).text !== "") block.deltas++;
    } else if (event.type === "content_block_stop") {
      if (!block || block.stopped) problems.push(`a stop for block ${index}, which is not open`);
      else {
        block.stopped = true;
        if (block.text === "" && block.deltas === 0) problems.push(`an empty text block ${index}`);
      }
    }
  }
  return problems;
}

describe("createMessagesStreamEncoder on any canonical stream", () => {
  it("starts each block once, never sends an empty text block, and ends as the canonical stream ends", async () => {
    await fc.assert(
      fc.asyncProperty(chatEventStreamArbitrary, async (events) => {
        const { wire } = await encode(events);
        expect(blockProblems(wire)).toEqual([]);
        if (events.at(-1)?.type === "error") {
          expect(wire.at(-1)?.type).toBe("error");
          expect(wire.some((event) => event.type === "message_stop")).toBe(false);
        } else {
          expect(types(wire).slice(-2)).toEqual(["message_delta", "message_stop"]);
          expect(wire.some((event) => event.type === "error")).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("ends a stream that fails anywhere with one error event and no message_stop", async () => {
    await fc.assert(
      fc.asyncProperty(chatEventStreamArbitrary, fc.nat(), async (events, cut) => {
        const failed: ChatEvent[] = [
          ...events.slice(0, 1 + (cut % (events.length - 1))),
          { type: "error", error: { kind: "overloaded", status: 529, message: "Overloaded" } },
        ];
        const { wire } = await encode(failed);
        expect(blockProblems(wire)).toEqual([]);
        expect(wire.at(-1)).toEqual({
          type: "error",
          error: { type: "overloaded_error", message: "Overloaded" },
        });
        expect(wire.filter((event) => event.type === "error")).toHaveLength(1);
        expect(wire.some((event) => event.type === "message_stop" || event.type === "message_delta")).toBe(
          false,
        );
      }),
      { numRuns: 150 },
    );
  });

  it("leaves a tool result out of an answer, streamed or whole, with the same loss", async () => {
    const response: ChatResponse = {
      id: "msg_1",
      model: "m",
      parts: [
        { type: "tool-call", id: "c1", name: "w", arguments: { city: "Paris" } },
        { type: "tool-result", callId: "c1", name: "w", content: [{ type: "text", text: "20" }] },
        { type: "text", text: "It is 20." },
      ],
      finishReason: { reason: "stop" },
      usage: { inputTokens: 1, outputTokens: 1 },
      status: "completed",
    };
    const wholeContext = createConversionContext();
    const whole = encodeMessagesResponse(response, wholeContext);
    expect(whole.content.map((block) => block.type)).toEqual(["tool_use", "text"]);
    const streamed = await encode(replayEvents(response));
    expect(JSON.stringify(streamed.wire)).not.toContain("tool_result");
    expect(streamed.losses).toEqual(wholeContext.losses);
    expect(wholeContext.losses).toEqual([expect.objectContaining({ code: "unsupported", path: "/parts/1" })]);
  });
});
