import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrapFunctionOutput, wrapFunctionOutput } from "./generate-content-function-output";

describe("a tool result's text as functionResponse.response and back", () => {
  it("comes back exactly as written, whatever the text", () => {
    const jsonText = fc
      .jsonValue()
      .chain((value) =>
        fc.constantFrom(
          JSON.stringify(value),
          JSON.stringify(value, null, 1),
          JSON.stringify({ value }, null, 2),
        ),
      );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          jsonText,
          fc.string().map((output) => JSON.stringify({ output })),
        ),
        (text) => {
          expect(unwrapFunctionOutput(wrapFunctionOutput(text, undefined, undefined)).text).toBe(text);
        },
      ),
    );
  });

  it("is the object itself when the text is one written compactly, a wrapped string otherwise", () => {
    expect(wrapFunctionOutput('{"temperature":"68°F"}', undefined, undefined)).toEqual({
      temperature: "68°F",
    });
    // A recorded tool result: spaces after the separators and a \u escape.
    const spaced = '{"location": "San Francisco, CA", "temperature": "68\\u00b0F"}';
    expect(wrapFunctionOutput(spaced, undefined, undefined)).toEqual({ output: spaced });
  });
});
