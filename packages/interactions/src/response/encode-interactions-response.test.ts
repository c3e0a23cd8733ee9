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
