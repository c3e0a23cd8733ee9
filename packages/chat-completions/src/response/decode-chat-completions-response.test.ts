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

describe("decodeChatCompletionsResponse, tool calls", () => {
  it("a repeated id made unique and a server's own field are reported to another format at the call", () => {
    const call = (id: string, city: string) => ({
      id,
      index: 0,
      type: "function",
      function: { name: "weather", arguments: JSON.stringify({ city }) },
    });
    const context = createConversionContext();
    const canonical = decodeChatCompletionsResponse(
      {
        ...answer(0),
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: null,
              tool_calls: [call("c1", "Paris"), call("c1", "Lyon")],
            },
            logprobs: null,
            finish_reason: "tool_calls",
          },
        ],
      },
      context,
    );
    reportForeignAnswerFields(canonical, "messages", context);
    expect(context.losses.map((loss) => loss.path).sort()).toEqual([
      "/choices/0/message/tool_calls/0/index",
      "/choices/0/message/tool_calls/1/id",
      "/choices/0/message/tool_calls/1/index",
    ]);
  });
});
