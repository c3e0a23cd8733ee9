import { describe, expect, it } from "vitest";
import type { ChatRequest } from "../model/chat-request";
import { createConversionContext } from "./conversion-context";
import { reportToolResultNames } from "./report-tool-result-names";

const request = (name: string | undefined, callId: string): ChatRequest => ({
  model: "m",
  messages: [
    { role: "assistant", parts: [{ type: "tool-call", id: "call_1", name: "lookup", arguments: {} }] },
    {
      role: "user",
      parts: [
        { type: "tool-result", callId, content: [{ type: "text", text: "ok" }], ...(name && { name }) },
      ],
    },
  ],
});

const lossesOf = (value: ChatRequest) => {
  const context = createConversionContext();
  reportToolResultNames(value, "messages", context);
  return context.losses.map((loss) => [loss.code, loss.path]);
};

describe("reportToolResultNames", () => {
  it("reports a result name its call does not give, and none its call gives or no name", () => {
    expect(lossesOf(request("lookup", "call_1"))).toEqual([]);
    expect(lossesOf(request(undefined, "call_9"))).toEqual([]);
    expect(lossesOf(request("lookup", "call_9"))).toEqual([["dropped", "/messages/1/parts/0/name"]]);
    expect(lossesOf(request("search", "call_1"))).toEqual([["dropped", "/messages/1/parts/0/name"]]);
  });
});
