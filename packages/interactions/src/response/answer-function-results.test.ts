import { type ChatResponse, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeInteractionsResponse } from "./encode-interactions-response";

describe("a function result in an answer", () => {
  it("is no step of the interaction (it would read as input), reported unsupported at its part", () => {
    const response: ChatResponse = {
      id: "resp_1",
      model: "gemini-2.5-flash",
      parts: [
        { type: "text", text: "Looking it up." },
        { type: "tool-result", callId: "call_1", content: [{ type: "text", text: "18°C" }] },
      ],
      finishReason: { reason: "stop" },
      usage: {},
      status: "completed",
    };
    const context = createConversionContext();
    const wire = encodeInteractionsResponse(response, context) as { steps: { type: string }[] };
    expect(wire.steps.map((step) => step.type)).toEqual(["model_output"]);
    expect(context.losses).toContainEqual(expect.objectContaining({ code: "unsupported", path: "/parts/1" }));
  });
});
