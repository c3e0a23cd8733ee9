import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { type AnyCodec, createConversionContext, transformAll } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { responsesCodec } from "@interlingua/responses";
import { describe, expect, it } from "vitest";
import { messagesCodec } from "../src/messages-codec";

const usage = { input_tokens: 10, output_tokens: 3 };
const answer = {
  id: "msg_window_1",
  type: "message",
  role: "assistant",
  model: "claude-test",
  content: [{ type: "text", text: "Cut" }],
  stop_reason: "model_context_window_exceeded",
  stop_sequence: null,
  usage,
};
const events = [
  { type: "message_start", message: { ...answer, content: [], stop_reason: null, usage } },
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Cut" } },
  { type: "content_block_stop", index: 0 },
  {
    type: "message_delta",
    delta: { stop_reason: "model_context_window_exceeded", stop_sequence: null },
    usage,
  },
  { type: "message_stop" },
];

const targets: AnyCodec[] = [responsesCodec, generateContentCodec, chatCompletionsCodec, interactionsCodec];

describe("a context-window stop, which other formats say only as a token limit", () => {
  for (const target of targets) {
    it(`is reported at stop_reason of the answer, through ${target.id}`, () => {
      const context = createConversionContext();
      target.encodeResponse(messagesCodec.decodeResponse(structuredClone(answer), context), context);
      expect(context.losses.map((loss) => loss.path)).toContain("/stop_reason");
    });

    it(`is reported at stop_reason of the stream, through ${target.id}`, async () => {
      const context = createConversionContext();
      const canonical = await transformAll(
        structuredClone(events),
        messagesCodec.createStreamDecoder(context),
      );
      await transformAll(canonical, target.createStreamEncoder(context));
      expect(context.losses.map((loss) => loss.path)).toContain("/4/delta/stop_reason");
    });
  }

  it("comes back as it was through the messages format itself", async () => {
    const context = createConversionContext();
    const again = messagesCodec.encodeResponse(
      messagesCodec.decodeResponse(structuredClone(answer), context),
      context,
    );
    expect(again.stop_reason).toBe("model_context_window_exceeded");
    const canonical = await transformAll(structuredClone(events), messagesCodec.createStreamDecoder(context));
    const wire = await transformAll(canonical, messagesCodec.createStreamEncoder(context));
    expect(wire).toContainEqual(
      expect.objectContaining({
        type: "message_delta",
        delta: expect.objectContaining({ stop_reason: "model_context_window_exceeded" }),
      }),
    );
    expect(context.losses).toEqual([]);
  });
});
