import fc from "fast-check";
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

describe("loss paths in the source document's terms", () => {
  it("translates a canonical path through the nearest traced node", () => {
    const context = createConversionContext();
    context.startSource();
    context.trace("/messages/0", "/contents/1");
    context.trace("/messages/0/parts/2", "/contents/1/parts/3");
    context.trace("/topK", "/generationConfig/topK");
    context.lose("dropped", "/messages/0/parts/2/cache", "a");
    context.lose("dropped", "/messages/0/parts/5", "b");
    context.lose("unsupported", "/topK", "c");
    context.lose("dropped", "/metadata", "d");
    expect(context.losses.map((loss) => loss.path)).toEqual([
      "/contents/1/parts/3",
      "/contents/1",
      "/generationConfig/topK",
      "",
    ]);
  });

  it("keeps source paths as they are, and canonical ones when nothing was decoded", () => {
    const context = createConversionContext();
    context.lose("dropped", "/messages/0/parts/1", "built by hand");
    context.startSource();
    context.trace("/parts/0", "/3/content_block");
    context.loseAtSource("dropped", "/content/7", "a decoder's own loss");
    expect(context.losses.map((loss) => loss.path)).toEqual(["/messages/0/parts/1", "/content/7"]);
  });

  it("keeps the rest of the path below a node traced as of the same shape", () => {
    const context = createConversionContext();
    context.startSource();
    context.trace("/extensions/responses/text", "/text", true);
    context.trace("/tools/0", "/tools/2");
    expect(context.sourcePath("/extensions/responses/text/verbosity")).toBe("/text/verbosity");
    expect(context.sourcePath("/tools/0/inputSchema/properties")).toBe("/tools/2");
  });

  it("forgets the last document's trace when a new one starts", () => {
    const context = createConversionContext();
    context.startSource();
    context.trace("/model", "/body/model");
    context.startSource();
    expect(context.sourcePath("/model")).toBe("");
  });

  it("names the source path in a strict failure", () => {
    const context = createConversionContext({ strict: true });
    context.startSource();
    context.trace("/topK", "/generationConfig/topK");
    expect(() => context.lose("unsupported", "/topK", "no top k")).toThrow(
      expect.objectContaining({ param: "/generationConfig/topK" }),
    );
  });
});

describe("pointer", () => {
  it("escapes ~ and / as RFC 6901 says", () => {
    expect(pointer("", "messages", 0, "a/b~c")).toBe("/messages/0/a~1b~0c");
  });

  it("gives every token, plain or not, the RFC 6901 escaping (the fast path for plain ones agrees)", () => {
    const token = fc.oneof(fc.string({ unit: fc.constantFrom("a", "~", "/", "0", "1", "é") }), fc.nat());
    fc.assert(
      fc.property(fc.string(), fc.array(token), (base, tokens) => {
        const escaped = tokens.map((each) => `/${String(each).replaceAll("~", "~0").replaceAll("/", "~1")}`);
        expect(pointer(base, ...tokens)).toBe(base + escaped.join(""));
      }),
    );
  });
});
