import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeChatCompletionsRequest } from "./encode-chat-completions-request";

describe("a request with no message the chat-completions format can carry", () => {
  it("is refused naming messages, never sent as an empty list the service refuses", () => {
    expect(() =>
      encodeChatCompletionsRequest({ model: "m", messages: [] }, createConversionContext()),
    ).toThrow(expect.objectContaining({ kind: "invalid_request", param: "messages" }));
  });
});
