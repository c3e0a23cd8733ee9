import { type ChatEvent, createConversionContext, transformAll } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { chatCompletionsCodec } from "../chat-completions-codec";

describe("a streamed answer's signatures from another format", () => {
  it("are reported dropped on text and tool calls, which chat-completions chunks cannot carry", async () => {
    const signature = { format: "generate-content", data: "c2ln" };
    const events: ChatEvent[] = [
      { type: "response-start", id: "r1", model: "m" },
      { type: "part-start", index: 0, kind: "text" },
      { type: "text-delta", index: 0, text: "Hi" },
      { type: "part-end", index: 0, part: { type: "text", text: "Hi", signature } },
      { type: "part-start", index: 1, kind: "tool-call", id: "call_1", name: "f" },
      {
        type: "part-end",
        index: 1,
        part: { type: "tool-call", id: "call_1", name: "f", arguments: {}, signature },
      },
      { type: "response-end", finishReason: { reason: "tool_calls" } },
    ];
    const context = createConversionContext();
    await transformAll(events, chatCompletionsCodec.createStreamEncoder(context));
    expect(context.losses.map((loss) => `${loss.code} ${loss.path}`)).toEqual([
      "dropped /parts/0/signature",
      "dropped /parts/1/signature",
    ]);
  });
});
