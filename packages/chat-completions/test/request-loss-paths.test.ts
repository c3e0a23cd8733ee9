import { createConversionContext } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { describe, expect, it } from "vitest";
import { chatCompletionsCodec } from "../src/chat-completions-codec";

describe("chat-completions request loss paths", () => {
  it("place a loss of the web search tool in web_search_options, where the caller set it", () => {
    const body = {
      model: "gpt-4o-search-preview",
      messages: [{ role: "user", content: "News?" }],
      tools: [{ type: "function", function: { name: "f" } }],
      web_search_options: {
        search_context_size: "high",
        user_location: { type: "approximate", approximate: { city: "Paris" } },
      },
    };
    for (const target of [generateContentCodec, messagesCodec]) {
      const context = createConversionContext();
      target.encodeRequest(chatCompletionsCodec.decodeRequest(structuredClone(body), context), context);
      const paths = context.losses.map((loss) => loss.path);
      expect(paths, target.id).toContain("/web_search_options/search_context_size");
      expect(
        paths.some((path) => path === "/tools" || path.startsWith("/tools/1")),
        target.id,
      ).toBe(false);
    }
  });
});
