import { createConversionContext } from "@interlingua/core";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { describe, expect, it } from "vitest";
import { chatCompletionsCodec } from "../src/chat-completions-codec";

const request = {
  model: "gpt-4o",
  messages: [{ role: "user", content: "News from home?" }],
  web_search_options: {
    search_context_size: "low",
    user_location: { type: "approximate", approximate: { country: "FR", city: "Lyon" } },
  },
};

describe("web_search_options.user_location", () => {
  it("is the flat location other formats send", () => {
    const canonical = chatCompletionsCodec.decodeRequest(structuredClone(request), createConversionContext());
    const messages = messagesCodec.encodeRequest(canonical, createConversionContext()) as {
      tools: Record<string, unknown>[];
    };
    expect(messages.tools[0]?.user_location).toEqual({ type: "approximate", country: "FR", city: "Lyon" });
    const responses = responsesCodec.encodeRequest(canonical, createConversionContext()) as {
      tools: Record<string, unknown>[];
    };
    expect(responses.tools[0]?.user_location).toEqual({ type: "approximate", country: "FR", city: "Lyon" });
  });

  it("comes back nested under approximate to chat-completions", () => {
    const canonical = chatCompletionsCodec.decodeRequest(structuredClone(request), createConversionContext());
    const wire = chatCompletionsCodec.encodeRequest(canonical, createConversionContext()) as Record<
      string,
      unknown
    >;
    expect(wire.web_search_options).toEqual(request.web_search_options);
  });
});
