import { createConversionContext, type Tool } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeGenerateContentTools } from "./encode-generate-content-tools";

const search: Tool = { type: "hosted", kind: "web_search" };
const tool = (name: string): Tool => ({
  type: "function",
  name,
  inputSchema: { type: "object", properties: {} },
});

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

describe("encodeGenerateContentTools: file search", () => {
  it("sends a file search's stores as retrieval resources", () => {
    const context = createConversionContext();
    const tools = encodeGenerateContentTools(
      [{ type: "hosted", kind: "file_search", settings: { vectorStoreIds: ["vs_1"] } }],
      context,
    );
    expect(tools).toEqual([{ fileSearch: { retrievalResources: [{ ragStoreName: "vs_1" }] } }]);
    expect(context.losses).toEqual([]);
  });

  it("does not send a file search without a store (none, or an empty list), and says so", () => {
    for (const settings of [{}, { vectorStoreIds: [] }]) {
      const context = createConversionContext();
      const tools = encodeGenerateContentTools([{ type: "hosted", kind: "file_search", settings }], context);
      expect(tools).toEqual([]);
      expect(context.losses.map((loss) => `${loss.code} ${loss.path}`)).toEqual(["unsupported /tools/0"]);
    }
  });
});

describe("encodeGenerateContentTools: parameters", () => {
  const declared = (inputSchema: Record<string, unknown>) => {
    const context = createConversionContext();
    const [entry] = encodeGenerateContentTools([{ type: "function", name: "f", inputSchema }], context);
    return {
      declaration: entry?.functionDeclarations?.[0],
      losses: context.losses.map((loss) => `${loss.code} ${loss.path}`),
    };
  };

  it("sends the schema of no properties as a function without parameters, losing nothing", () => {
    expect(declared({ type: "object", properties: {} })).toEqual({ declaration: { name: "f" }, losses: [] });
  });

  it("sends an object schema naming no properties as a function without parameters too (the API refuses an OBJECT without properties)", () => {
    expect(declared({ type: "object" })).toEqual({ declaration: { name: "f" }, losses: [] });
  });

  it("sends parameters of type null as the NULL type", () => {
    expect(declared({ type: "null" })).toEqual({
      declaration: { name: "f", parameters: { type: "NULL" } },
      losses: [],
    });
  });
});
