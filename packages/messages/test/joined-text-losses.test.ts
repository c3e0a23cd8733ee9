import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { type AnyCodec, createConversionContext, transformAll } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { describe, expect, it } from "vitest";
import { messagesCodec } from "../src/messages-codec";

const answer = (content: unknown[]) => ({
  id: "msg_join_1",
  type: "message",
  role: "assistant",
  model: "claude-test",
  content,
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 3, output_tokens: 2 },
});

function lossPaths(wire: unknown): string[] {
  const context = createConversionContext();
  chatCompletionsCodec.encodeResponse(messagesCodec.decodeResponse(wire, context), context);
  return context.losses.map((loss) => loss.path);
}

describe("text blocks of a messages answer through a format that joins them into one text", () => {
  it("are each reported where they were joined into one", () => {
    const paths = lossPaths(
      answer([
        { type: "text", text: "One. " },
        { type: "text", text: "Two." },
      ]),
    );
    expect(paths).toEqual(expect.arrayContaining(["/content/0", "/content/1"]));
  });

  it("report an empty one beside text, which joins as nothing and is gone, and not the text it joins", () => {
    expect(
      lossPaths(
        answer([
          { type: "text", text: "One." },
          { type: "text", text: "" },
        ]),
      ),
    ).toEqual(["/content/1"]);
  });

  for (const target of [chatCompletionsCodec, generateContentCodec] as AnyCodec[])
    it(`are each reported where they were joined into one in a stream, through ${target.id}`, async () => {
      const usage = { input_tokens: 3, output_tokens: 2 };
      const events = [
        { type: "message_start", message: { ...answer([]), stop_reason: null, usage } },
        ...["One. ", "Two."].flatMap((text, index) => [
          { type: "content_block_start", index, content_block: { type: "text", text: "" } },
          { type: "content_block_delta", index, delta: { type: "text_delta", text } },
          { type: "content_block_stop", index },
        ]),
        { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage },
        { type: "message_stop" },
      ];
      const context = createConversionContext();
      const canonical = await transformAll(events, messagesCodec.createStreamDecoder(context));
      await transformAll(canonical, target.createStreamEncoder(context));
      expect(context.losses.map((loss) => loss.path)).toEqual(
        expect.arrayContaining(["/1/content_block", "/4/content_block"]),
      );
    });
});
