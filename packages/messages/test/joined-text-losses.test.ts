import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { createConversionContext } from "@interlingua/core";
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

describe("text blocks of a messages answer through chat-completions, which says one text", () => {
  it("are each reported where they were joined into one", () => {
    const paths = lossPaths(
      answer([
        { type: "text", text: "One. " },
        { type: "text", text: "Two." },
      ]),
    );
    expect(paths).toEqual(expect.arrayContaining(["/content/0", "/content/1"]));
  });

  it("report nothing for an empty one, which joins as nothing", () => {
    expect(
      lossPaths(
        answer([
          { type: "text", text: "One." },
          { type: "text", text: "" },
        ]),
      ),
    ).toEqual([]);
  });
});
