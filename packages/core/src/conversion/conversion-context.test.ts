import { describe, expect, it } from "vitest";
import { CanonicalError } from "../errors/canonical-error";
import { createConversionContext, pointer } from "./conversion-context";

describe("createConversionContext", () => {
  it("records losses in order", () => {
    const context = createConversionContext();
    context.lose("dropped", "/a", "first");
    context.lose("approximated", "/b", "second");
    expect(context.losses).toEqual([
      { code: "dropped", path: "/a", message: "first" },
      { code: "approximated", path: "/b", message: "second" },
    ]);
  });

  it("throws invalid_request naming the path on the first loss in strict mode", () => {
    const context = createConversionContext({ strict: true });
    let thrown: unknown;
    try {
      context.lose("unsupported", "/tools/0", "hosted tool");
    } catch (error) {
      thrown = error;
    }
    expect(CanonicalError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ kind: "invalid_request", status: 400, param: "/tools/0" });
    expect(context.losses).toEqual([]);
  });

  it("takes ids and time from the options so conversions can be deterministic", () => {
    let next = 0;
    const context = createConversionContext({ generateId: (prefix) => `${prefix}-${++next}`, now: () => 42 });
    expect([context.generateId("call"), context.generateId("msg"), context.now()]).toEqual([
      "call-1",
      "msg-2",
      42,
    ]);
  });

  it("generates distinct prefixed ids by default", () => {
    const context = createConversionContext();
    const first = context.generateId("call");
    expect(first).toMatch(/^call_[0-9a-f]{32}$/);
    expect(context.generateId("call")).not.toBe(first);
  });
});

describe("pointer", () => {
  it("escapes ~ and / as RFC 6901 says", () => {
    expect(pointer("", "messages", 0, "a/b~c")).toBe("/messages/0/a~1b~0c");
  });
});
