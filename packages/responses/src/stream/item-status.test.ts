import { type ChatEvent, createConversionContext, transformAll } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { createResponsesStreamEncoder } from "./create-responses-stream-encoder";

type WireEvent = Record<string, unknown> & { item?: Record<string, unknown> };

async function encode(events: ChatEvent[]) {
  const context = createConversionContext();
  const wire = (await transformAll(events, createResponsesStreamEncoder(context))) as WireEvent[];
  const done = wire.filter((event) => event.type === "response.output_item.done").map((event) => event.item);
  return { wire, done, losses: context.losses.map((loss) => [loss.code, loss.path]) };
}

const start: ChatEvent = { type: "response-start", id: "resp_1", model: "m", created: 1 };
const call = (index: number): ChatEvent[] => [
  { type: "part-start", index, kind: "tool-call", id: `call_${index}`, name: "f" },
  { type: "tool-arguments-delta", index, text: "{}" },
];
const callEnd = (index: number): ChatEvent => ({
  type: "part-end",
  index,
  part: { type: "tool-call", id: `call_${index}`, name: "f", arguments: {} },
});

describe("the status of an output item of another format's stream", () => {
  it("is incomplete for the message an answer cut short was writing, as the API says it", async () => {
    const { done, wire } = await encode([
      start,
      { type: "part-start", index: 0, kind: "text" },
      { type: "text-delta", index: 0, text: "Hel" },
      { type: "part-end", index: 0, part: { type: "text", text: "Hel" } },
      { type: "response-end", finishReason: { reason: "length" }, status: "incomplete" },
    ]);
    expect(done).toMatchObject([{ type: "message", status: "incomplete" }]);
    expect(wire.at(-1)?.type).toBe("response.incomplete");
  });

  it("is completed for a call whose part ends after the next call began (chat-completions ends calls at its finish)", async () => {
    const { done, losses } = await encode([
      start,
      ...call(0),
      ...call(1),
      callEnd(0),
      callEnd(1),
      { type: "response-end", finishReason: { reason: "tool_calls" } },
    ]);
    expect(done).toMatchObject([
      { type: "function_call", call_id: "call_0", status: "completed", arguments: "{}" },
      { type: "function_call", call_id: "call_1", status: "completed" },
    ]);
    expect(losses).toEqual([]);
  });

  it("reports such a call approximated when the upstream fails before its part ends", async () => {
    const { done, losses } = await encode([
      start,
      ...call(0),
      ...call(1),
      { type: "error", error: { kind: "internal", status: 500, message: "boom" } },
    ]);
    expect(done).toMatchObject([
      { call_id: "call_0", status: "completed" },
      { call_id: "call_1", status: "incomplete" },
    ]);
    expect(losses).toEqual([["approximated", "/parts/0"]]);
  });
});
