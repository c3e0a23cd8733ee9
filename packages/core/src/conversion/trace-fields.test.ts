import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ConversionContext, createConversionContext } from "./conversion-context";
import { traceExtensions, traceFields, valueAtPointer } from "./trace-fields";

/** RFC 6901 read the plain way: split into tokens, each unescaped (`~1` then `~0`), looked up in turn. */
function referenceValueAtPointer(document: unknown, path: string): unknown {
  if (path === "") return document;
  let value = document;
  for (const token of path.slice(1).split("/")) {
    if (typeof value !== "object" || value === null) return undefined;
    const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
    value = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

describe("valueAtPointer", () => {
  const key = fc.constantFrom("a", "b", "", "~", "/", "~0", "~1", "a/b", "0", "1", "length", "__proto__");
  it("reads what RFC 6901 reads, for any document and pointer", () => {
    const document = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.constantFrom(null, 1, "x", true),
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(key, tie("node"), { maxKeys: 4 }),
      ),
    })).node;
    const token = fc.oneof(key, fc.string({ unit: fc.constantFrom("a", "~", "0", "1", "/") }));
    // Pointers written as escaped tokens, and raw strings (a stray `~`, a missing leading `/`).
    const path = fc.oneof(
      fc
        .array(token, { maxLength: 4 })
        .map((tokens) =>
          tokens.map((each) => `/${each.replaceAll("~", "~0").replaceAll("/", "~1")}`).join(""),
        ),
      fc.string({ unit: fc.constantFrom("a", "b", "~", "0", "1", "/") }),
    );
    fc.assert(
      fc.property(document, path, (root, pointer) => {
        expect(valueAtPointer(root, pointer)).toBe(referenceValueAtPointer(root, pointer));
      }),
      { numRuns: 2000 },
    );
  });

  it("unescapes ~1 before ~0, as RFC 6901 says", () => {
    expect(valueAtPointer({ "~1": 1, "/": 2, "a/b": { "~": 3 } }, "/~01")).toBe(1);
    expect(valueAtPointer({ "/": 2 }, "/~1")).toBe(2);
    expect(valueAtPointer({ "a/b": { "~": 3 } }, "/a~1b/~0")).toBe(3);
    expect(valueAtPointer({ a: [4, 5] }, "/a/1")).toBe(5);
    expect(valueAtPointer({ a: "text" }, "/a/length")).toBeUndefined();
  });
});

describe("traceFields", () => {
  it("reports a loss at the source field of a present canonical field, at the holder for an absent one", () => {
    const context = createConversionContext();
    context.startSource();
    const body = { generationConfig: { topK: 3 }, contents: [{ parts: [{ text: "hi" }] }] };
    traceFields(context, body, { "/topK": "/topK", "/topP": "/topP" }, { source: "/generationConfig" });
    traceFields(
      context,
      body,
      { "/text": "/text" },
      { canonical: "/messages/0/parts/0", source: "/contents/0/parts/0" },
    );
    context.lose("unsupported", "/topK", "a");
    context.lose("unsupported", "/topP", "b");
    context.lose("dropped", "/messages/0/parts/0/text", "c");
    expect(context.losses.map((loss) => loss.path)).toEqual([
      "/generationConfig/topK",
      "",
      "/contents/0/parts/0/text",
    ]);
  });

  it("looks nothing up in the source when no loss is reported", () => {
    const context = createConversionContext();
    context.startSource();
    let reads = 0;
    const body = new Proxy({ model: "m" } as Record<string, unknown>, {
      get(target, key) {
        reads++;
        return target[key as string];
      },
      getOwnPropertyDescriptor(target, key) {
        reads++;
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    traceFields(context, body, { "/model": "/model" });
    traceExtensions(context, body, "messages", ["model"]);
    expect(reads).toBe(0);
    context.lose("dropped", "/model", "a");
    expect(reads).toBeGreaterThan(0);
    expect(context.losses[0]?.path).toBe("/model");
  });

  it("traces through the context it was given, as a decoder's wrapper of it (its own trace) sees", () => {
    const context = createConversionContext();
    context.startSource();
    const wrapper: ConversionContext = {
      ...context,
      trace: (canonical, source, sameShape) =>
        context.trace(canonical, source.replace("topK", "top_k"), sameShape),
    };
    traceFields(wrapper, { topK: 1 }, { "/topK": "/topK" });
    wrapper.trace("/seed", "/seed");
    context.lose("unsupported", "/topK", "a");
    context.lose("unsupported", "/seed", "b");
    expect(context.losses.map((loss) => loss.path)).toEqual(["/top_k", "/seed"]);
  });

  it("lets a later trace of the same canonical field replace the table's", () => {
    const context = createConversionContext();
    context.startSource();
    traceFields(context, { model: "m" }, { "/model": "/model" });
    context.trace("/model", "/modelVersion");
    context.lose("dropped", "/model", "a");
    expect(context.losses[0]?.path).toBe("/modelVersion");
  });
});
