import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePromptParameters } from "./parse-prompt-parameters";

describe("parsePromptParameters", () => {
  it("splits the text from the parameters, each running to the next", () => {
    expect(parsePromptParameters("a cat on a mat --ar 16:9 --no dogs, birds --v 6 --tile")).toEqual({
      text: "a cat on a mat",
      parameters: [
        { name: "ar", value: "16:9", path: "/prompt/--ar" },
        { name: "no", value: "dogs, birds", path: "/prompt/--no" },
        { name: "v", value: "6", path: "/prompt/--v" },
        { name: "tile", value: "", path: "/prompt/--tile" },
      ],
    });
    expect(parsePromptParameters("a long--winded text")).toEqual({
      text: "a long--winded text",
      parameters: [],
    });
  });

  it("gives back every parameter it was given, whatever the text before", () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/);
    const value = fc.stringMatching(/^[a-z0-9:.,]{0,8}$/);
    const text = fc.stringMatching(/^[a-z ]{1,30}$/).filter((candidate) => candidate.trim() !== "");
    fc.assert(
      fc.property(text, fc.array(fc.tuple(name, value), { maxLength: 5 }), (words, pairs) => {
        const prompt = [words, ...pairs.map(([key, given]) => `--${key} ${given}`)].join(" ");
        const parsed = parsePromptParameters(prompt);
        expect(parsed.text).toBe(words.trim());
        expect(parsed.parameters.map((parameter) => [parameter.name, parameter.value])).toEqual(pairs);
      }),
    );
  });
});
