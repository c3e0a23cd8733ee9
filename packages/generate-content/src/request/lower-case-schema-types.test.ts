import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { generateContentCodec } from "../generate-content-codec";

// Gemini CLI's routing classifier asks for JSON with the format's own upper-case type names.
const classifierSchema = {
  type: "OBJECT",
  properties: {
    complexity_reasoning: { type: "STRING" },
    complexity_score: { type: "INTEGER" },
    tags: { type: "ARRAY", items: { type: "STRING" } },
  },
  required: ["complexity_reasoning", "complexity_score"],
};
const body = {
  contents: [{ role: "user", parts: [{ text: "Rate it." }] }],
  generationConfig: { responseMimeType: "application/json", responseJsonSchema: classifierSchema },
};

describe("a responseJsonSchema with upper-case type names", () => {
  it("decodes to JSON Schema proper, which other formats' APIs take", () => {
    const request = generateContentCodec.decodeRequest(body, createConversionContext(), {
      model: "gemini-3-pro",
    });
    expect(request.outputFormat).toEqual({
      type: "json-schema",
      schema: {
        type: "object",
        properties: {
          complexity_reasoning: { type: "string" },
          complexity_score: { type: "integer" },
          tags: { type: "array", items: { type: "string" } },
        },
        required: ["complexity_reasoning", "complexity_score"],
      },
    });
  });

  it("goes back to its own format as it came", () => {
    const context = createConversionContext();
    const request = generateContentCodec.decodeRequest(body, context, { model: "gemini-3-pro" });
    const encoded = generateContentCodec.encodeRequest(request, context) as typeof body;
    expect(encoded.generationConfig).toEqual(body.generationConfig);
    expect(context.losses).toEqual([]);
  });
});
