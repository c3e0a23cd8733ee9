import { createConversionContext, type Part } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { defaultChatCompletionsDialect } from "../chat-completions-dialect";
import { encodeAssistantMessage } from "./encode-chat-completions-assistant";

describe("encodeAssistantMessage, a refusal beside text", () => {
  const encode = (parts: Part[]) => {
    const context = createConversionContext();
    const message = encodeAssistantMessage(
      parts,
      undefined,
      "request",
      defaultChatCompletionsDialect,
      context,
      "/messages/1/parts",
    );
    return { message, losses: context.losses };
  };

  it("sends a refusal before text as content parts, in order (the fields read the text first)", () => {
    expect(
      encode([
        { type: "refusal", text: "No." },
        { type: "text", text: "But here is why." },
      ]),
    ).toEqual({
      message: {
        role: "assistant",
        content: [
          { type: "refusal", refusal: "No." },
          { type: "text", text: "But here is why." },
        ],
      },
      losses: [],
    });
  });

  it("keeps the fields when the refusal comes after the text, as they read back", () => {
    expect(
      encode([
        { type: "text", text: "Here is why." },
        { type: "refusal", text: "No." },
      ]),
    ).toEqual({
      message: { role: "assistant", content: "Here is why.", refusal: "No." },
      losses: [],
    });
  });
});
