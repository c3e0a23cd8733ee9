import { describe, expect, it } from "vitest";
import { createConversionContext } from "../conversion/conversion-context";
import type { Message } from "../model/message";
import { pairToolResults } from "./pair-tool-results";

const call = (id: string) => ({ type: "tool-call" as const, id, name: "f", arguments: { city: "Paris" } });
const result = (callId: string) => ({
  type: "tool-result" as const,
  callId,
  name: "f",
  content: [{ type: "text" as const, text: "r" }],
});
const text = (value: string) => ({ type: "text" as const, text: value });

/** Pairs `messages` as decoded from a wire whose message i is `/turns/i`, part j `/turns/i/blocks/j`. */
function paired(messages: Message[]) {
  const context = createConversionContext();
  context.startSource();
  messages.forEach((message, index) => {
    context.trace(`/messages/${index}`, `/turns/${index}`);
    message.parts.forEach((_, part) => {
      context.trace(`/messages/${index}/parts/${part}`, `/turns/${index}/blocks/${part}`);
    });
  });
  const request = pairToolResults({ model: "m", messages }, context);
  return { request, where: (path: string) => context.sourcePath(path) };
}

describe("pairToolResults' trace", () => {
  it("keeps a moved result, and the part it was put before, at their places in the caller's document", () => {
    const { request, where } = paired([
      { role: "user", parts: [text("go")] },
      { role: "assistant", parts: [call("a")] },
      { role: "user", parts: [text("later")] },
      { role: "tool", parts: [result("a")] },
    ]);
    expect(request.messages[2]!.parts).toEqual([result("a"), text("later")]);
    expect(where("/messages/2/parts/0")).toBe("/turns/3/blocks/0");
    expect(where("/messages/2/parts/0/content/0/text")).toBe("/turns/3/blocks/0");
    expect(where("/messages/2/parts/1")).toBe("/turns/2/blocks/0");
    expect(where("/messages/2/role")).toBe("/turns/2");
  });

  it("places an error result made for an unanswered call at that call, and messages numbered again at their own", () => {
    const { request, where } = paired([
      { role: "user", parts: [result("ghost")] },
      { role: "user", parts: [text("go")] },
      { role: "assistant", parts: [call("a"), call("b")] },
      { role: "tool", parts: [result("b")] },
    ]);
    // The result of no call is dropped, and with it its message: the rest move up by one.
    expect(request.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
    expect(where("/messages/0/parts/0")).toBe("/turns/1/blocks/0");
    expect(where("/messages/1/parts/1/arguments/city")).toBe("/turns/2/blocks/1");
    expect(where("/messages/2/parts/0")).toBe("/turns/2/blocks/0");
    expect(where("/messages/2/parts/1")).toBe("/turns/3/blocks/0");
  });

  it("leaves the losses of a request built by hand, not decoded, at canonical paths", () => {
    const context = createConversionContext();
    pairToolResults(
      {
        model: "m",
        messages: [
          { role: "user", parts: [text("go")] },
          { role: "assistant", parts: [call("a")] },
        ],
      },
      context,
    );
    expect(context.sourcePath("/temperature")).toBe("/temperature");
  });
});
