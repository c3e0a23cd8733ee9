import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { type AnyCodec, createConversionContext, transformAll } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { describe, expect, it } from "vitest";
import { messagesCodec } from "../src/messages-codec";

const usage = { input_tokens: 10, cache_creation_input_tokens: 100, output_tokens: 3 };

const answer = {
  id: "msg_cache_1",
  type: "message",
  role: "assistant",
  model: "claude-test",
  content: [{ type: "text", text: "Hi." }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage,
};

const events = [
  { type: "message_start", message: { ...answer, content: [], stop_reason: null, usage } },
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hi." } },
  { type: "content_block_stop", index: 0 },
  { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage },
  { type: "message_stop" },
];

// Formats whose input count includes cache writes and has no count of them apart.
const targets: AnyCodec[] = [generateContentCodec, chatCompletionsCodec, interactionsCodec];

describe("cache-write tokens of a messages answer through a format with no count for them", () => {
  for (const target of targets) {
    it(`are reported approximated at the answer's usage, through ${target.id}`, () => {
      const context = createConversionContext();
      target.encodeResponse(messagesCodec.decodeResponse(structuredClone(answer), context), context);
      expect(context.losses.map((loss) => [loss.code, loss.path])).toContainEqual(["approximated", "/usage"]);
    });

    it(`are reported approximated at the stream's usage, through ${target.id}`, async () => {
      const context = createConversionContext();
      const canonical = await transformAll(
        structuredClone(events),
        messagesCodec.createStreamDecoder(context),
      );
      await transformAll(canonical, target.createStreamEncoder(context));
      expect(context.losses.map((loss) => [loss.code, loss.path])).toContainEqual([
        "approximated",
        "/4/usage",
      ]);
    });
  }
});
