import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { chatCompletionsCodec } from "../chat-completions-codec";

describe("tool calls without an id in a chat-completions request", () => {
  it("are each answered by the next tool message with an empty id, in order", () => {
    const request = chatCompletionsCodec.decodeRequest(
      {
        model: "gpt-4o",
        messages: [
          { role: "user", content: "Time and weather?" },
          {
            role: "assistant",
            content: null,
            tool_calls: [
              { id: "", type: "function", function: { name: "now", arguments: "{}" } },
              { type: "function", function: { name: "weather", arguments: "{}" } },
            ],
          },
          { role: "tool", tool_call_id: "", content: "12:00" },
          { role: "tool", tool_call_id: "", content: "Sunny" },
        ],
      },
      createConversionContext(),
    );
    // The same format gets the empty ids back.
    const again = chatCompletionsCodec.encodeRequest(request, createConversionContext());
    expect(
      again.messages.slice(2).map((message) => (message as { tool_call_id: string }).tool_call_id),
    ).toEqual(["", ""]);
    const [first, second] = request.messages[1]!.parts;
    const answered = request.messages.slice(2).map((message) => message.parts[0]);
    expect(answered).toEqual([
      expect.objectContaining({ type: "tool-result", callId: (first as { id: string }).id, name: "now" }),
      expect.objectContaining({
        type: "tool-result",
        callId: (second as { id: string }).id,
        name: "weather",
      }),
    ]);
  });

  it("are reported where another format's empty id is sent, at the call and at the result", () => {
    const context = createConversionContext();
    chatCompletionsCodec.encodeRequest(
      {
        model: "gpt-4o",
        messages: [
          { role: "user", parts: [{ type: "text", text: "Time?" }] },
          { role: "assistant", parts: [{ type: "tool-call", id: "", name: "now", arguments: {} }] },
          {
            role: "tool",
            parts: [{ type: "tool-result", callId: "", content: [{ type: "text", text: "12:00" }] }],
          },
        ],
      },
      context,
    );
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["approximated", "/messages/1/parts/0/id"],
      ["approximated", "/messages/2/parts/0/callId"],
    ]);
  });
});
