import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeInteractionsParts } from "./encode-interactions-steps";

describe("encodeInteractionsParts, another format's search calls", () => {
  it("is a file_search_call step of its id, its queries reported dropped when there are any", () => {
    const encode = (input: unknown) => {
      const context = createConversionContext();
      const steps = encodeInteractionsParts(
        [{ type: "hosted-tool-call", id: "fs_1", tool: "file_search", input }],
        "model_output",
        "/messages/1/parts",
        context,
      );
      return { steps, losses: context.losses.map((loss) => [loss.code, loss.path]) };
    };
    expect(encode({ queries: ["Q3 report"] })).toEqual({
      steps: [{ type: "file_search_call", id: "fs_1" }],
      losses: [["dropped", "/messages/1/parts/0/input"]],
    });
    expect(encode({ queries: [] })).toEqual({
      steps: [{ type: "file_search_call", id: "fs_1" }],
      losses: [],
    });
  });

  it("is a google_search_call of its queries, another web action reported dropped", () => {
    const encode = (input: unknown) => {
      const context = createConversionContext();
      const steps = encodeInteractionsParts(
        [{ type: "hosted-tool-call", id: "ws_1", tool: "web_search", input }],
        "model_output",
        "/parts",
        context,
      );
      return { steps, losses: context.losses.map((loss) => [loss.code, loss.path]) };
    };
    const call = (args: unknown) => [{ type: "google_search_call", id: "ws_1", arguments: args }];
    expect(encode({ type: "search", query: "weather" })).toEqual({
      steps: call({ queries: ["weather"] }),
      losses: [],
    });
    expect(encode({ query: "weather" })).toEqual({ steps: call({ queries: ["weather"] }), losses: [] });
    expect(encode({ type: "search", query: "" })).toEqual({ steps: call({}), losses: [] });
    expect(encode({ type: "open_page", url: "https://example.com" })).toEqual({
      steps: call({}),
      losses: [["dropped", "/parts/0/input"]],
    });
  });
});
