import { describe, expect, it } from "vitest";
import type { ErrorData } from "../model/error-data";
import { createConversionContext } from "./conversion-context";
import { reportUnsayableErrorKind } from "./report-unsayable-error-kind";

function lossesFor(error: ErrorData, readBack: ErrorData["kind"], statusStated = true): string[] {
  const context = createConversionContext();
  // As a generate-content decoder traces its error: the kind from its status, the HTTP status from its code.
  context.startSource();
  context.trace("/error/kind", "/0/error/status");
  if (statusStated) context.trace("/error/status", "/0/error/code");
  reportUnsayableErrorKind(error, readBack, "other", context);
  return context.losses.map((loss) => `${loss.code} ${loss.path}`);
}

describe("reportUnsayableErrorKind", () => {
  it("reports a kind that reads back as another, and the status that goes with it", () => {
    const error: ErrorData = { kind: "unavailable", status: 503, message: "down" };
    expect(lossesFor(error, "internal")).toEqual(["approximated /0/error/status", "dropped /0/error/code"]);
  });

  it("reports a status that is not its kind's, though the kind reads back", () => {
    expect(lossesFor({ kind: "unavailable", status: 502, message: "bad gateway" }, "unavailable")).toEqual([
      "dropped /0/error/code",
    ]);
  });

  it("leaves out a status the upstream did not state", () => {
    const error: ErrorData = { kind: "unavailable", status: 503, message: "down" };
    expect(lossesFor(error, "internal", false)).toEqual(["approximated /0/error/status"]);
  });

  it("reports nothing when the kind and its status read back", () => {
    expect(lossesFor({ kind: "internal", status: 500, message: "boom" }, "internal")).toEqual([]);
  });
});
