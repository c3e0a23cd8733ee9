import { describe, expect, it } from "vitest";
import type { ChatResponse } from "../model/chat-response";
import { createConversionContext } from "./conversion-context";
import { reportUnsayableStatus } from "./report-unsayable-status";

const answer = (status: ChatResponse["status"], error?: ChatResponse["error"]): ChatResponse => ({
  id: "r",
  model: "m",
  parts: [],
  finishReason: { reason: "stop" },
  usage: {},
  status,
  ...(error && { error }),
});

function lossesFor(response: ChatResponse): string[] {
  const context = createConversionContext();
  reportUnsayableStatus(response, "other", context);
  return context.losses.map((loss) => `${loss.code} ${loss.path}`);
}

describe("reportUnsayableStatus", () => {
  it("reports a failed answer's status and error", () => {
    const error = { kind: "internal" as const, status: 500, message: "boom" };
    expect(lossesFor(answer("failed", error))).toEqual(["dropped /status", "dropped /error"]);
  });

  it("reports an unfinished answer's status", () => {
    expect(lossesFor(answer("in_progress"))).toEqual(["dropped /status"]);
  });

  it("reports nothing for a finished answer", () => {
    expect(lossesFor(answer("completed"))).toEqual([]);
    expect(lossesFor(answer("incomplete"))).toEqual([]);
  });
});
