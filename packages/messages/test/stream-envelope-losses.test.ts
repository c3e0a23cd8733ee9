import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { createConversionContext, transformAll } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { responsesCodec } from "@interlingua/responses";
import { describe, expect, it } from "vitest";
import { messagesCodec } from "../src/messages-codec";

/** A stream whose message_start and message_delta carry fields only the messages format has. */
const events = [
  {
    type: "message_start",
    message: {
      id: "msg_env_1",
      type: "message",
      role: "assistant",
      model: "claude-test",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      container: { id: "container_1", expires_at: "2026-11-26T20:00:00Z" },
      usage: {
        input_tokens: 12,
        output_tokens: 1,
        service_tier: "priority",
        inference_geo: "us",
      },
    },
  },
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "No." } },
  { type: "content_block_stop", index: 0 },
  {
    type: "message_delta",
    delta: { stop_reason: "end_turn", stop_sequence: null, stop_details: { type: "refusal" } },
    usage: { output_tokens: 5, server_tool_use: { web_search_requests: 1 } },
  },
  { type: "message_stop" },
];

async function lossesThrough(target: typeof responsesCodec | typeof messagesCodec) {
  const context = createConversionContext();
  const canonical = await transformAll(structuredClone(events), messagesCodec.createStreamDecoder(context));
  const wire = await transformAll(canonical, target.createStreamEncoder(context));
  return { wire, losses: context.losses.map((loss) => [loss.code, loss.path]) };
}

describe("fields of a messages stream's envelope through another format's stream", () => {
  for (const target of [responsesCodec, generateContentCodec, chatCompletionsCodec]) {
    it(`are each reported dropped at the field, through ${target.id}`, async () => {
      const { losses } = await lossesThrough(target as typeof responsesCodec);
      expect(losses).toEqual(
        expect.arrayContaining([
          ["dropped", "/0/message/container"],
          ["dropped", "/0/message/usage/service_tier"],
          ["dropped", "/0/message/usage/inference_geo"],
          ["dropped", "/4/delta/stop_details"],
          ["dropped", "/4/usage/server_tool_use"],
        ]),
      );
    });
  }

  it("are carried, with no loss, back to the messages format", async () => {
    const { wire, losses } = await lossesThrough(messagesCodec);
    expect(losses).toEqual([]);
    expect(wire[0]).toMatchObject({
      message: { container: events[0]!.message!.container, usage: { service_tier: "priority" } },
    });
    expect(wire.at(-2)).toMatchObject({
      delta: { stop_details: { type: "refusal" } },
      usage: { server_tool_use: { web_search_requests: 1 } },
    });
  });
});
