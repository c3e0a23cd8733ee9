import { describe, expect, it } from "vitest";
import { type ConversionContext, createConversionContext } from "./conversion-context";
import { traceExtensions, traceFields } from "./trace-fields";

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
