import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { messagesCodec } from "../messages-codec";

const block = {
  type: "search_result",
  source: "https://example.com/paris",
  title: "Paris",
  content: [{ type: "text", text: "Paris is the capital of France." }],
  citations: { enabled: true },
  cache_control: { type: "ephemeral" },
};

function roundTrip(request: Record<string, unknown>) {
  const context = createConversionContext();
  const decoded = messagesCodec.decodeRequest(request, context);
  return { decoded, encoded: messagesCodec.encodeRequest(decoded, context), losses: context.losses };
}

describe("search_result blocks", () => {
  it("are a text part with the title, source and content, and go back to the messages format exactly", () => {
    const request = {
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      messages: [{ role: "user", content: [block, { type: "text", text: "Which city?" }] }],
    };
    const { decoded, encoded, losses } = roundTrip(request);
    expect(decoded.messages[0]!.parts[0]).toMatchObject({
      type: "text",
      text: "Paris\nhttps://example.com/paris\n\nParis is the capital of France.",
      cache: { type: "ephemeral" },
    });
    expect(encoded).toEqual(request);
    expect(losses).toEqual([]);
  });

  it("inside a tool result go back exactly too", () => {
    const request = {
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      messages: [
        { role: "user", content: "Search." },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "toolu_1", name: "search", input: { q: "capital" } }],
        },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: [block] }] },
      ],
      tools: [{ name: "search", input_schema: { type: "object" } }],
    };
    const { decoded, encoded } = roundTrip(request);
    expect(decoded.messages[2]!.parts[0]).toMatchObject({
      type: "tool-result",
      content: [{ type: "text", text: expect.stringContaining("Paris is the capital of France.") }],
    });
    expect(encoded).toEqual(request);
  });
});
