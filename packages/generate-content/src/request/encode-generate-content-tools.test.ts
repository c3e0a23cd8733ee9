import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeGenerateContentTools } from "./encode-generate-content-tools";

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
