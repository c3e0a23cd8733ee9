import { createConversionContext } from "@interlingua/core";
import { interactionsCodec } from "@interlingua/interactions";
import { describe, expect, it } from "vitest";
import { messagesCodec } from "../src/messages-codec";

const citation = {
  type: "web_search_result_location",
  cited_text: "Sunny all day.",
  url: "https://example.com/weather",
  title: "Weather",
  encrypted_index: "Eo8B",
};

const answer = {
  id: "msg_cite_1",
  type: "message",
  role: "assistant",
  model: "claude-test",
  content: [{ type: "text", text: "It is sunny.", citations: [citation] }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 3, output_tokens: 2 },
};

describe("a messages web search citation through interactions, whose url_citation has a URL and title only", () => {
  // The decoder traces the block, not each citation: the loss lands at the text block holding it.
  it("is reported dropped at the block it backs", () => {
    const context = createConversionContext();
    interactionsCodec.encodeResponse(messagesCodec.decodeResponse(structuredClone(answer), context), context);
    expect(context.losses.map((loss) => [loss.code, loss.path])).toContainEqual(["dropped", "/content/0"]);
  });
});
