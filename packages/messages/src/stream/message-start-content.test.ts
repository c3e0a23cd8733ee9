import { accumulate, createConversionContext, transformAll } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { messagesFixtures } from "../../test/support/fixtures";
import { encodeMessagesResponse } from "../response/encode-messages-response";
import { createMessagesStreamDecoder } from "./create-messages-stream-decoder";
import { createMessagesStreamEncoder } from "./create-messages-stream-encoder";

const fixture = messagesFixtures().streams.find((stream) =>
  stream.name.startsWith("programmatic tool calls"),
)!;
const [messageStart, ...rest] = fixture.events as Record<string, unknown>[];
const startMessage = (messageStart as { message: Record<string, unknown> }).message;
const messageStop = { type: "message_stop" };

async function decode(items: unknown[]) {
  const context = createConversionContext();
  const events = await transformAll(structuredClone(items), createMessagesStreamDecoder(context));
  return { events, losses: context.losses };
}

const serverToolUse = {
  type: "hosted-tool-call",
  id: "srvtoolu_01",
  tool: "code_execution",
  input: { code: "r = await get_weather(city='Paris')" },
  extensions: { messages: {} },
};
const toolUse = {
  type: "tool-call",
  id: "toolu_01",
  name: "get_weather",
  arguments: { city: "Paris" },
  extensions: { messages: { caller: { type: "code_execution_20250825", tool_id: "srvtoolu_01" } } },
};

describe("content that message_start already carries (programmatic tool calls)", () => {
  it("comes first as whole parts, the streamed blocks after it at their own indexes", async () => {
    const { events, losses } = await decode(fixture.events);
    expect(losses).toEqual([]);
    expect(events.slice(1, 5)).toEqual([
      {
        type: "part-start",
        index: 0,
        kind: "hosted-tool-call",
        id: "srvtoolu_01",
        name: "code_execution",
        extensions: { messages: {} },
      },
      { type: "part-end", index: 0, part: serverToolUse },
      {
        type: "part-start",
        index: 1,
        kind: "tool-call",
        id: "toolu_01",
        name: "get_weather",
        extensions: toolUse.extensions,
      },
      { type: "part-end", index: 1, part: toolUse },
    ]);
    const response = await accumulate(events);
    expect(response.parts).toEqual([serverToolUse, toolUse, { type: "text", text: "Checking." }]);
    expect(response.finishReason).toEqual({ reason: "tool_calls", raw: "tool_use" });
  });

  it("keeps the tool calls and the stop reason when no message_delta follows", async () => {
    const { events } = await decode([messageStart, messageStop]);
    const response = await accumulate(events);
    expect(response.parts).toEqual([serverToolUse, toolUse]);
    expect(response.finishReason).toEqual({ reason: "tool_calls", raw: "tool_use" });
    expect(response.status).toBe("completed");
  });

  it("places streamed blocks after them when the stream numbers its blocks from 0 again", async () => {
    const renumbered = rest.map((event) => ("index" in event ? { ...event, index: 0 } : event));
    const response = await accumulate((await decode([messageStart, ...renumbered])).events);
    expect(response.parts).toEqual([serverToolUse, toolUse, { type: "text", text: "Checking." }]);
  });

  it("drops a block it has no part for with a loss, and keeps the others", async () => {
    const content = [{ type: "hologram" }, ...(startMessage.content as unknown[])];
    const { events, losses } = await decode([
      { type: "message_start", message: { ...startMessage, content } },
      messageStop,
    ]);
    expect((await accumulate(events)).parts).toEqual([serverToolUse, toolUse]);
    expect(losses).toEqual([
      {
        code: "dropped",
        path: "/0/message/content/0",
        message: "content block type hologram is not carried",
      },
    ]);
  });

  it("ends with an error naming the field of a malformed block", async () => {
    const content = [{ type: "tool_use", id: "toolu_02", input: {} }];
    const { events } = await decode([{ type: "message_start", message: { ...startMessage, content } }]);
    expect(events).toEqual([
      {
        type: "error",
        error: {
          kind: "unavailable",
          status: 502,
          message: "Malformed upstream stream: message_start: content.0.name: expected a string",
        },
      },
    ]);
  });

  it("goes back into message_start when re-encoded, and a whole response holds it", async () => {
    const { events } = await decode([messageStart, { type: "ping" }, messageStop]);
    const wire = await transformAll(events, createMessagesStreamEncoder(createConversionContext()));
    expect(wire[0]).toEqual({ type: "message_start", message: startMessage });
    expect(wire[1]).toEqual({ type: "ping" });
    const context = createConversionContext();
    const body = encodeMessagesResponse(await accumulate(events), context);
    expect(context.losses).toEqual([]);
    expect(body).toMatchObject({ content: startMessage.content, stop_reason: "tool_use" });
    expect(body).not.toHaveProperty("messageStartBlocks");
  });
});
