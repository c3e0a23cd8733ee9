import { describe, expect, it } from "vitest";
import { createConversionContext } from "../conversion/conversion-context";
import type { ChatRequest } from "../model/chat-request";
import { reportToolResultNames } from "./report-tool-result-names";

const result = (callId: string, name?: string) => ({
  type: "tool-result" as const,
  callId,
  content: [{ type: "text" as const, text: "ok" }],
  ...(name !== undefined && { name }),
});

const request: ChatRequest = {
  model: "m",
  messages: [
    { role: "assistant", parts: [{ type: "tool-call", id: "c1", name: "get_weather", arguments: {} }] },
    {
      role: "tool",
      parts: [
        result("c1", "get_weather"),
        result("c1", "weather_tool"),
        result("c9", "get_time"),
        result("c1"),
      ],
    },
  ],
};

describe("reportToolResultNames", () => {
  it("reports each result named otherwise than its call, or answering none, at its name", () => {
    const context = createConversionContext();
    reportToolResultNames(request, "messages", context);
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["dropped", "/messages/1/parts/1/name"],
      ["dropped", "/messages/1/parts/2/name"],
    ]);
  });

  it("leaves out a result the format sends with its name", () => {
    const context = createConversionContext();
    reportToolResultNames(request, "generate-content", context, (part) => part.callId === "c9");
    expect(context.losses.map((loss) => loss.path)).toEqual(["/messages/1/parts/1/name"]);
  });
});
