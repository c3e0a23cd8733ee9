import { describe, expect, it } from "vitest";
import { createConversionContext } from "./conversion-context";
import { reportUnsayableErrorCode } from "./report-unsayable-error-code";

describe("reportUnsayableErrorCode", () => {
  const error = { kind: "rate_limit" as const, status: 429, message: "quota", code: "insufficient_quota" };
  const traced = () => {
    const context = createConversionContext();
    context.startSource();
    context.trace("/error/code", "/2/error/code");
    return context;
  };

  it("reports a code the target does not say dropped, at the field the upstream said it in", () => {
    const context = traced();
    reportUnsayableErrorCode(error, false, "messages", context);
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([["dropped", "/2/error/code"]]);
  });

  it("reports nothing for a code the target says, or an error without one", () => {
    const context = traced();
    reportUnsayableErrorCode(error, true, "messages", context);
    const { code: _code, ...codeless } = error;
    reportUnsayableErrorCode(codeless, false, "messages", context);
    expect(context.losses).toEqual([]);
  });
});
