import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { type AnyCodec, createConversionContext } from "@interlingua/core";
import { interactionsCodec } from "@interlingua/interactions";
import { responsesCodec } from "@interlingua/responses";
import { describe, expect, it } from "vitest";
import { messagesCodec } from "../src/messages-codec";

const ephemeral = { type: "ephemeral" };

/** A request with a cache breakpoint on a system block, a tool call and a tool result. */
const request = {
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  system: [{ type: "text", text: "Be brief.", cache_control: ephemeral }],
  messages: [
    { role: "user", content: "Weather?" },
    {
      role: "assistant",
      content: [{ type: "tool_use", id: "toolu_1", name: "weather", input: {}, cache_control: ephemeral }],
    },
    {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "Sunny", cache_control: ephemeral }],
    },
  ],
};

// Formats with no cache breakpoints.
const targets: AnyCodec[] = [interactionsCodec, responsesCodec, chatCompletionsCodec];

describe("cache breakpoints of a messages request through a format without them", () => {
  for (const target of targets)
    it(`are each reported dropped at the breakpoint, through ${target.id}`, () => {
      const context = createConversionContext();
      target.encodeRequest(messagesCodec.decodeRequest(structuredClone(request), context), context);
      const dropped = context.losses.filter((loss) => loss.code === "dropped").map((loss) => loss.path);
      for (const path of ["/system/0", "/messages/1/content/0", "/messages/2/content/0"])
        expect(dropped.some((lost) => lost === path || lost === `${path}/cache_control`)).toBe(true);
    });
});
