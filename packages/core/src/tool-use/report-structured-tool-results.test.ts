import { describe, expect, it } from "vitest";
import { createConversionContext } from "../conversion/conversion-context";
import type { ChatRequest } from "../model/chat-request";
import { reportStructuredToolResults } from "./report-structured-tool-results";

describe("reportStructuredToolResults", () => {
  it("reports each result given as structured data at its structured flag, and no other", () => {
    const request: ChatRequest = {
      model: "m",
      messages: [
        { role: "assistant", parts: [{ type: "tool-call", id: "c1", name: "f", arguments: {} }] },
        {
          role: "tool",
          parts: [
            { type: "tool-result", callId: "c1", content: [{ type: "text", text: "plain" }] },
            {
              type: "tool-result",
              callId: "c1",
              content: [{ type: "text", text: '{"a":1}' }],
              structured: true,
            },
            { type: "tool-result", callId: "c1", content: [], structured: false },
          ],
        },
      ],
    };
    const context = createConversionContext();
    reportStructuredToolResults(request, "messages", context);
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["approximated", "/messages/1/parts/1/structured"],
    ]);
  });
});
