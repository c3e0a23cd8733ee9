import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  createConversionContext,
  type JsonSchema,
  jsonSchemaToOpenApiSchema,
  type OpenApiSchema,
  openApiSchemaToJsonSchema,
} from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { typeGeminiSchema } from "./type-gemini-schema";

/** The schema keyword tables of docs/backend-rules.md, row by row (cells in code spans are JSON). */
const document = readFileSync(
  fileURLToPath(new URL("../../../../docs/backend-rules.md", import.meta.url)),
  "utf8",
);
const section = (start: string, end: string) =>
  document.slice(document.indexOf(start), document.indexOf(end));
const rowsOf = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| ---"))
    .slice(1)
    .map((line) =>
      line
        .slice(2, -2)
        .split(" | ")
        .map((cell) => cell.replace(/^`|`$/g, "")),
    );

const forward = rowsOf(section("<!-- schema-keywords -->", "<!-- schema-keywords-back -->"));
const back = rowsOf(section("<!-- schema-keywords-back -->", "<!-- schema-keywords-end -->"));

describe("docs/backend-rules.md schema keyword tables", () => {
  it("has rows", () => {
    expect(forward.length).toBeGreaterThan(20);
    expect(back.length).toBeGreaterThan(5);
  });

  for (const [keyword, source, sent, loss] of forward)
    it(`JSON Schema → Schema: ${keyword}`, () => {
      const context = createConversionContext();
      const schema = jsonSchemaToOpenApiSchema(JSON.parse(source!) as JsonSchema, { context, path: "" });
      typeGeminiSchema(schema, "", context);
      expect(schema).toEqual(JSON.parse(sent!));
      const codes = [...new Set(context.losses.map((each) => each.code))].join(", ") || "—";
      expect(codes).toBe(loss);
    });

  for (const [source, sent] of back)
    it(`Schema → JSON Schema: ${source}`, () => {
      expect(openApiSchemaToJsonSchema(JSON.parse(source!) as OpenApiSchema)).toEqual(JSON.parse(sent!));
    });
});
