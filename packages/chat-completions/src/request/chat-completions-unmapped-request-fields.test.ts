import { createConversionContext, reportUnmappedRequestFields } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { chatCompletionsCodec } from "../chat-completions-codec";

const body = {
  model: "gpt-5",
  messages: [{ role: "user", content: "Hi" }],
  tools: [{ type: "custom", custom: { name: "grammar" } }],
  tool_choice: { type: "custom", custom: { name: "grammar" } },
};

function converted(backend: string) {
  const context = createConversionContext();
  const request = chatCompletionsCodec.decodeRequest(structuredClone(body), context);
  reportUnmappedRequestFields(request, chatCompletionsCodec, backend, context);
  const wire = chatCompletionsCodec.encodeRequest(request, context) as Record<string, unknown>;
  return { losses: context.losses.map((loss) => `${loss.code} ${loss.path}`), wire };
}

describe("chat-completions' unmapped request fields", () => {
  it("report a custom tool forced by name at tool_choice: other formats force a function", () => {
    expect(converted("responses").losses).toContain("dropped /tool_choice");
    const same = converted("chat-completions");
    expect(same.losses).toEqual([]);
    expect(same.wire.tool_choice).toEqual(body.tool_choice);
  });
});
