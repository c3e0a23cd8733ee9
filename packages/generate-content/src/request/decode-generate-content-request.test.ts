import { CanonicalError, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { decodeGenerateContentRequest } from "./decode-generate-content-request";

function refusal(wire: unknown): CanonicalError | undefined {
  try {
    decodeGenerateContentRequest(wire, createConversionContext(), { model: "gemini-2.5-flash" });
  } catch (error) {
    return error as CanonicalError;
  }
  return undefined;
}

describe("a request the API refuses for having nothing to answer", () => {
  it("is refused without turns, as the API says it", () => {
    const error = refusal({ contents: [] });
    expect(error).toBeInstanceOf(CanonicalError);
    expect(error).toMatchObject({ kind: "invalid_request" });
    expect(error?.message).toContain("contents is not specified");
  });

  it("is refused with a turn of no parts, naming the turn", () => {
    const error = refusal({
      contents: [
        { role: "user", parts: [{ text: "a" }] },
        { role: "model", parts: [] },
      ],
    });
    expect(error).toMatchObject({ kind: "invalid_request" });
    expect(error?.message).toContain("contents.1.parts");
    expect(error?.message).toContain("contents.parts must not be empty");
  });
});

describe("a function response that answers no call", () => {
  it("is refused, naming the part, as the API refuses it", () => {
    const error = refusal({
      contents: [{ role: "user", parts: [{ functionResponse: { name: "lookup", response: {} } }] }],
    });
    expect(error).toMatchObject({ kind: "invalid_request", param: "contents.0.parts.0.functionResponse" });
  });

  it("is taken once a call of that name came before", () => {
    const wire = {
      contents: [
        { role: "model", parts: [{ functionCall: { name: "lookup", args: {} } }] },
        { role: "user", parts: [{ functionResponse: { name: "lookup", response: {} } }] },
      ],
    };
    expect(refusal(wire)).toBeUndefined();
  });
});

describe("a part without data", () => {
  it("is refused as the API refuses it, naming the part", () => {
    const error = refusal({ contents: [{ role: "user", parts: [{ text: "a" }, { videoMetadata: {} }] }] });
    expect(error).toMatchObject({ kind: "invalid_request" });
    expect(error?.message).toContain("contents.0.parts.1.data");
    expect(error?.message).toContain("required oneof field 'data' must have one initialized field");
  });

  it("is taken when it carries a thought signature (a model turn's replayed state)", () => {
    const contents = [
      { role: "model", parts: [{ thoughtSignature: "c2ln" }] },
      { role: "user", parts: [{ text: "a" }] },
    ];
    expect(refusal({ contents })).toBeUndefined();
  });
});

describe("a response schema that is no schema", () => {
  it("is refused, naming the keyword, rather than failing in another format's encoder", () => {
    const error = refusal({
      contents: [{ role: "user", parts: [{ text: "a" }] }],
      generationConfig: {
        responseMimeType: "application/json",
        responseSchema: { type: "ARRAY", anyOf: [] },
      },
    });
    expect(error).toMatchObject({ kind: "invalid_request", param: "generationConfig.responseSchema.anyOf" });
  });
});

describe("a function declared twice", () => {
  it("is refused, naming the second declaration, as the API refuses it", () => {
    const declaration = { name: "lookup", description: "Looks up" };
    const error = refusal({
      contents: [{ role: "user", parts: [{ text: "a" }] }],
      tools: [{ functionDeclarations: [declaration] }, { functionDeclarations: [declaration] }],
    });
    expect(error).toMatchObject({ kind: "invalid_request", param: "tools.1.functionDeclarations.0.name" });
    expect(error?.message).toContain("Duplicate function declaration found: lookup");
  });
});

describe("a function declared under a name the API refuses", () => {
  it("is refused, naming the declaration's name", () => {
    const error = refusal({
      contents: [{ role: "user", parts: [{ text: "a" }] }],
      tools: [{ functionDeclarations: [{ name: "line\nbreak", description: "x" }] }],
    });
    expect(error).toMatchObject({ kind: "invalid_request", param: "tools.0.functionDeclarations.0.name" });
    expect(error?.message).toContain("Invalid function name");
  });
});

describe("a function whose parameters hold an ARRAY without items", () => {
  it("is refused at the array's items, as the API refuses it", () => {
    const parameters = { type: "OBJECT", properties: { tags: { type: "ARRAY" } } };
    const error = refusal({
      contents: [{ role: "user", parts: [{ text: "a" }] }],
      tools: [{ functionDeclarations: [{ name: "tag", description: "x", parameters }] }],
    });
    expect(error).toMatchObject({
      kind: "invalid_request",
      param: "tools.0.functionDeclarations.0.parameters.properties.tags.items",
    });
    expect(error?.message).toContain("items: missing field");
  });
});

describe("a function declaring its parameters twice", () => {
  it("is refused, naming the JSON Schema field, as the spec makes the two mutually exclusive", () => {
    const error = refusal({
      contents: [{ role: "user", parts: [{ text: "a" }] }],
      tools: [
        {
          functionDeclarations: [
            {
              name: "lookup",
              description: "Looks up",
              parameters: { type: "OBJECT", properties: { q: { type: "STRING" } } },
              parametersJsonSchema: { type: "object" },
            },
          ],
        },
      ],
    });
    expect(error).toMatchObject({
      kind: "invalid_request",
      param: "tools.0.functionDeclarations.0.parametersJsonSchema",
    });
    expect(error?.message).toContain("mutually exclusive");
  });
});
