import { createConversionContext, type Tool } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeGenerateContentTools } from "./encode-generate-content-tools";

const search: Tool = { type: "hosted", kind: "web_search" };
const tool = (name: string): Tool => ({ type: "function", name, inputSchema: { type: "object" } });

describe("encodeGenerateContentTools: a tool's place", () => {
  it("reports a hosted tool between functions moved: the functions share the first entry", () => {
    const context = createConversionContext();
    const entries = encodeGenerateContentTools([tool("a"), search, tool("b")], context);
    expect(entries.map((entry) => Object.keys(entry))).toEqual([["functionDeclarations"], ["googleSearch"]]);
    expect(context.losses).toEqual([expect.objectContaining({ code: "approximated", path: "/tools/1" })]);
  });

  it("reports nothing when every tool comes back in its place", () => {
    const context = createConversionContext();
    encodeGenerateContentTools([search, tool("a"), tool("b")], context);
    encodeGenerateContentTools([tool("a"), tool("b"), search], context);
    expect(context.losses).toEqual([]);
  });
});
