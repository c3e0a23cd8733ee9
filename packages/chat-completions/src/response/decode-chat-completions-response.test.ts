import { createConversionContext, reportForeignAnswerFields } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { decodeChatCompletionsResponse } from "./decode-chat-completions-response";
import { encodeChatCompletionsResponse } from "./encode-chat-completions-response";

const answer = (index: number) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1,
  model: "gpt-4o",
  choices: [
    {
      index,
      message: { role: "assistant", content: "Hi", refusal: null },
      logprobs: null,
      finish_reason: "stop",
    },
  ],
});

describe("decodeChatCompletionsResponse, the first choice's index", () => {
  it("an index other than 0 comes back to the same format and is reported to another", () => {
    const context = createConversionContext();
    const canonical = decodeChatCompletionsResponse(answer(3), context);
    expect(encodeChatCompletionsResponse(canonical, createConversionContext()).choices[0]?.index).toBe(3);
    reportForeignAnswerFields(canonical, "messages", context);
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([["dropped", "/choices/0/index"]]);
  });

  it("index 0 is what every format says: nothing kept, nothing reported", () => {
    const context = createConversionContext();
    const canonical = decodeChatCompletionsResponse(answer(0), context);
    reportForeignAnswerFields(canonical, "messages", context);
    expect(context.losses).toEqual([]);
  });
});
