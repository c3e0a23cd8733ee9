import { CanonicalError, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeChatCompletionsRequest } from "./encode-chat-completions-request";

describe("encodeChatCompletionsRequest", () => {
  it("refuses a request with nothing to say, naming messages, instead of sending the empty list the API refuses", () => {
    const encode = () =>
      encodeChatCompletionsRequest({ model: "gpt-5", messages: [] }, createConversionContext());
    expect(encode).toThrow(CanonicalError);
    expect(encode).toThrow(expect.objectContaining({ kind: "invalid_request", param: "messages" }));
  });

  it("sends instructions alone as a system message", () => {
    const body = encodeChatCompletionsRequest(
      {
        model: "gpt-5",
        instructions: [{ role: "system", parts: [{ type: "text", text: "Be brief." }] }],
        messages: [],
      },
      createConversionContext(),
    );
    expect(body.messages).toEqual([{ role: "system", content: "Be brief." }]);
  });
});
