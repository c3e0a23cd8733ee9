import { createConversionContext } from "@interlingua/core";
import { messagesCodec } from "@interlingua/messages";
import { describe, expect, it } from "vitest";
import { responsesCodec } from "../responses-codec";

const answer = (output: unknown[]) => ({
  id: "resp_1",
  object: "response",
  created_at: 1_760_000_000,
  status: "completed",
  model: "o4-mini",
  output,
});

describe("output item statuses", () => {
  it("reports an item's status other than completed where another format cannot say it", () => {
    const context = createConversionContext();
    const wire = answer([
      {
        id: "msg_1",
        type: "message",
        role: "assistant",
        status: "in_progress",
        content: [{ type: "output_text", text: "Hi", annotations: [] }],
      },
    ]);
    messagesCodec.encodeResponse(responsesCodec.decodeResponse(wire, context), context);
    expect(context.losses).toContainEqual(expect.objectContaining({ path: "/output/0/status" }));
  });

  it("gives another format's reasoning in an answer the completed status its other items get", () => {
    const wire = responsesCodec.encodeResponse(
      {
        id: "resp_1",
        model: "o4-mini",
        parts: [{ type: "reasoning", text: "Thinking" }],
        finishReason: { reason: "stop" },
        usage: {},
        status: "completed",
      },
      createConversionContext(),
    ) as { output: Record<string, unknown>[] };
    expect(wire.output[0]).toMatchObject({ type: "reasoning", status: "completed" });
  });
});
