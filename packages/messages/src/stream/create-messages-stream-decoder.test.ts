import { createConversionContext, StreamParseFailure, transformAll } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { createMessagesStreamDecoder } from "./create-messages-stream-decoder";

describe("createMessagesStreamDecoder failures", () => {
  const messageStart = {
    type: "message_start",
    message: {
      id: "m",
      type: "message",
      role: "assistant",
      model: "m",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    },
  };
  const decode = (items: unknown[]) =>
    transformAll(items, createMessagesStreamDecoder(createConversionContext()));

  it("turns an error event into a canonical error and ignores what follows", async () => {
    const events = await decode([
      messageStart,
      { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
      { type: "message_stop" },
    ]);
    // The type its kind is sent as says no more than the kind: no code for another format.
    expect(events.at(-1)).toEqual({
      type: "error",
      error: { kind: "overloaded", status: 529, message: "Overloaded" },
    });
    expect(events.filter((event) => event.type === "response-end")).toEqual([]);
  });

  it("ends with an error when the stream stops before message_stop", async () => {
    const events = await decode([
      messageStart,
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    ]);
    expect(events.at(-1)).toMatchObject({ type: "error", error: { kind: "unavailable" } });
  });

  it("ends with an error at a parse failure", async () => {
    const events = await decode([
      messageStart,
      new StreamParseFailure("Event data is not valid JSON", "{oops"),
    ]);
    expect(events.at(-1)).toMatchObject({ type: "error", error: { kind: "unavailable" } });
    expect(events).toHaveLength(2);
  });

  it("refuses a second content_block_start for one index", async () => {
    const block = { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } };
    const events = await decode([messageStart, block, block]);
    expect(events.at(-1)).toMatchObject({
      type: "error",
      error: { message: expect.stringContaining("second") },
    });
  });

  it("records a loss for a block type it does not know and carries on", async () => {
    const context = createConversionContext();
    const events = await transformAll(
      [
        messageStart,
        { type: "content_block_start", index: 0, content_block: { type: "hologram" } },
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "x" } },
        { type: "content_block_stop", index: 0 },
        { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 1 } },
        { type: "message_stop" },
      ],
      createMessagesStreamDecoder(context),
    );
    expect(events.map((event) => event.type)).toEqual(["response-start", "response-end"]);
    expect(context.losses).toHaveLength(1);
  });

  const textStart = { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } };
  const malformedCases: [string, unknown, RegExp][] = [
    [
      "a text delta whose text is not a string",
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: 42 } },
      /content_block_delta: delta\.text: .*expected string/,
    ],
    [
      "a delta without an index",
      { type: "content_block_delta", delta: { type: "text_delta", text: "x" } },
      /content_block_delta: index: .*expected/,
    ],
    [
      "a delta without its payload",
      { type: "content_block_delta", index: 0 },
      /content_block_delta: delta: /,
    ],
    [
      "a tool_use block without a name",
      { type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "t", input: {} } },
      /content_block_start: content_block.*name/,
    ],
    [
      "a stop without an index",
      { type: "content_block_stop", index: "0" },
      /content_block_stop: index: .*expected/,
    ],
    [
      "a message_delta whose stop_reason is not a string",
      { type: "message_delta", delta: { stop_reason: 7 }, usage: { output_tokens: 1 } },
      /message_delta: delta\.stop_reason: /,
    ],
  ];
  it.each(malformedCases)("ends with an error naming the field for %s", async (_name, event, message) => {
    const events = await decode([messageStart, textStart, event, { type: "message_stop" }]);
    const last = events.at(-1);
    expect(last).toMatchObject({ type: "error", error: { kind: "unavailable", status: 502 } });
    expect(last?.type === "error" && last.error.message).toMatch(message);
    expect(events.filter((item) => item.type === "error")).toHaveLength(1);
    expect(events.some((item) => item.type === "response-end")).toBe(false);
  });

  it("names the field of a malformed message_start", async () => {
    const events = await decode([{ type: "message_start", message: { ...messageStart.message, id: 5 } }]);
    expect(events).toEqual([
      {
        type: "error",
        error: {
          kind: "unavailable",
          status: 502,
          message: expect.stringMatching(/^Malformed upstream stream: message_start: message\.id: /),
        },
      },
    ]);
  });

  it("refuses events out of order", async () => {
    expect((await decode([textStart])).at(-1)).toMatchObject({
      type: "error",
      error: { message: expect.stringContaining("before message_start") },
    });
    expect((await decode([messageStart, messageStart])).at(-1)).toMatchObject({
      type: "error",
      error: { message: expect.stringContaining("second message_start") },
    });
    expect(
      (
        await decode([
          messageStart,
          { type: "content_block_delta", index: 3, delta: { type: "text_delta", text: "x" } },
        ])
      ).at(-1),
    ).toMatchObject({ type: "error", error: { message: expect.stringContaining("not open") } });
  });
});
