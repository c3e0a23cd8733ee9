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

describe("an answer's error", () => {
  const answer = (status: "completed" | "failed") => ({
    id: "r",
    model: "m",
    parts: [],
    finishReason: { reason: status === "failed" ? ("error" as const) : ("stop" as const) },
    usage: {},
    status,
    error: { kind: "internal" as const, status: 500, message: "boom" },
  });

  it("goes out as the errors of a failed interaction", () => {
    const context = createConversionContext();
    expect(encodeInteractionsResponse(answer("failed"), context).errors).toEqual([
      { code: "INTERNAL", message: "boom" },
    ]);
    expect(context.losses).toEqual([]);
  });

  it("is reported dropped for an interaction that did not fail, which says no error", () => {
    const context = createConversionContext();
    expect(encodeInteractionsResponse(answer("completed"), context).errors).toBeUndefined();
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([["dropped", "/error"]]);
  });
});
