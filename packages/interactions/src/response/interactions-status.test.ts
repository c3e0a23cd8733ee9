import { createConversionContext, type FinishReason } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import {
  decodeInteractionsStatus,
  encodeInteractionsStatus,
  interactionsStatuses,
  reportInteractionsStatusLoss,
} from "./interactions-status";

const statuses = [...interactionsStatuses];

/** The status sent for a canonical answer, and the losses reported on the way. */
function encoded(status: "completed" | "incomplete", finishReason: FinishReason) {
  const context = createConversionContext();
  const wire = encodeInteractionsStatus(status, finishReason, false);
  reportInteractionsStatusLoss(wire, finishReason, false, "/finishReason", context);
  return { wire, losses: context.losses };
}

describe("interactions status", () => {
  it("gives every status of the format back as it came, with no loss", () => {
    for (const status of statuses) {
      const decoded = decodeInteractionsStatus(status, false);
      const context = createConversionContext();
      const wire = encodeInteractionsStatus(decoded.status, decoded.finishReason, false);
      reportInteractionsStatusLoss(wire, decoded.finishReason, false, "/finishReason", context);
      expect([wire, context.losses]).toEqual([status, []]);
    }
  });

  it("never sends another format's raw reason as a status, and reports it by name", () => {
    const { wire, losses } = encoded("incomplete", { reason: "other", raw: "a_future_reason" });
    expect(statuses).toContain(wire);
    expect(losses).toEqual([
      expect.objectContaining({ code: "approximated", message: expect.stringContaining("a_future_reason") }),
    ]);
  });

  it("reports a reason it has no status for, and none for one it has", () => {
    expect(encoded("completed", { reason: "content_filter" }).losses).toHaveLength(1);
    expect(encoded("completed", { reason: "stop", raw: "end_turn" }).losses).toEqual([]);
    expect(encoded("incomplete", { reason: "length", raw: "max_tokens" })).toEqual({
      wire: "incomplete",
      losses: [],
    });
  });
});
