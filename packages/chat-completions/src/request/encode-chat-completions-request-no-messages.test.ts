import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeChatCompletionsRequest } from "./encode-chat-completions-request";

describe("a chat-completions request with nothing to send", () => {
  it("is refused as the client error it is, rather than sent to an API that rejects it", () => {
    expect(() =>
      encodeChatCompletionsRequest({ model: "m", messages: [] }, createConversionContext()),
    ).toThrow(expect.objectContaining({ kind: "invalid_request", param: "messages" }));
  });

  it("goes out when instructions alone make a message", () => {
    const instructions = [{ role: "system" as const, parts: [{ type: "text" as const, text: "Be brief." }] }];
    const wire = encodeChatCompletionsRequest(
      { model: "m", messages: [], instructions },
      createConversionContext(),
    );
    expect(wire.messages).toHaveLength(1);
  });
});
