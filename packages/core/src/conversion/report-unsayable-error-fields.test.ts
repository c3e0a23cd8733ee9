import { describe, expect, it } from "vitest";
import { createConversionContext } from "./conversion-context";
import { reportUnsayableErrorFields } from "./report-unsayable-error-fields";

describe("reportUnsayableErrorFields", () => {
  const error = {
    kind: "rate_limit" as const,
    status: 429,
    message: "quota",
    code: "insufficient_quota",
    param: "input",
  };
  const traced = () => {
    const context = createConversionContext();
    context.startSource();
    context.trace("/error/code", "/2/error/code");
    context.trace("/error/param", "/2/error/param");
    return context;
  };

  it("reports a code and a param that do not come back dropped, at the fields the upstream said them in", () => {
    const context = traced();
    reportUnsayableErrorFields(error, { code: "rate_limit_error" }, "messages", context);
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["dropped", "/2/error/code"],
      ["dropped", "/2/error/param"],
    ]);
  });

  it("reports nothing that comes back, nor what the error did not say", () => {
    const context = traced();
    reportUnsayableErrorFields(error, { code: "insufficient_quota", param: "input" }, "messages", context);
    reportUnsayableErrorFields({ kind: "internal", status: 500, message: "x" }, {}, "messages", context);
    expect(context.losses).toEqual([]);
  });

  it("reports a message read back otherwise approximated", () => {
    const context = traced();
    context.trace("/error/message", "/2/error/message");
    const { param: _param, ...unnamed } = error;
    reportUnsayableErrorFields(unnamed, { code: error.code, message: "input: quota" }, "messages", context);
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["approximated", "/2/error/message"],
    ]);
  });
});
