import { createConversionContext, type Tool } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeChatCompletionsTools } from "./encode-chat-completions-tools";

const search: Tool = { type: "hosted", kind: "web_search" };
const lookup: Tool = { type: "function", name: "lookup", inputSchema: { type: "object" } };

describe("encodeChatCompletionsTools: the web search's place", () => {
  it("reports a web search before a tool moved: web_search_options comes after every tool", () => {
    const context = createConversionContext();
    const encoded = encodeChatCompletionsTools([search, lookup], context);
    expect(encoded.webSearchOptions).toEqual({});
    expect(context.losses).toEqual([expect.objectContaining({ code: "approximated", path: "/tools/0" })]);
  });

  it("reports nothing for a web search after the tools, where it comes back", () => {
    const context = createConversionContext();
    encodeChatCompletionsTools([lookup, search], context);
    expect(context.losses).toEqual([]);
  });
});
