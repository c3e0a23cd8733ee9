import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeInteractionsResponse } from "./encode-interactions-response";

describe("an answer with several candidates", () => {
  it("reports each candidate after the first lost at its own path, which a source can place", () => {
    const context = createConversionContext();
    const candidate = (index: number) => ({
      index,
      parts: [{ type: "text" as const, text: "b" }],
      finishReason: { reason: "stop" as const },
    });
    encodeInteractionsResponse(
      {
        id: "r",
        model: "m",
        parts: [{ type: "text", text: "a" }],
        finishReason: { reason: "stop" },
        usage: {},
        status: "completed",
        candidates: [candidate(1), candidate(2)],
      },
      context,
    );
    expect(context.losses.map((loss) => loss.path)).toEqual(["/candidates/0", "/candidates/1"]);
  });
});

describe("a tool result in an answer's output", () => {
  it("is sent as a function_result step, reported since a client reads that step as its own input", () => {
    const context = createConversionContext();
    const wire = encodeInteractionsResponse(
      {
        id: "r",
        model: "m",
        parts: [
          { type: "tool-result", callId: "call_1", content: [{ type: "text", text: "72 and sunny" }] },
          { type: "text", text: "It is 72 and sunny." },
        ],
        finishReason: { reason: "stop" },
        usage: {},
        status: "completed",
      },
      context,
    ) as { steps?: { type: string }[] };
    expect(wire.steps?.map((step) => step.type)).toEqual(["function_result", "model_output"]);
    expect(context.losses.map((loss) => `${loss.code} ${loss.path}`)).toEqual(["approximated /parts/0"]);
  });
});
