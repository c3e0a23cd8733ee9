import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createConversionContext } from "../conversion/conversion-context";
import { jsonSchemaShapeProblem } from "./json-schema-shape-problem";
import { jsonSchemaToOpenApiSchema } from "./json-schema-to-open-api-schema";

describe("jsonSchemaShapeProblem", () => {
  it("accepts well-shaped schemas", () => {
    expect(
      jsonSchemaShapeProblem({
        type: "object",
        properties: {
          a: { type: ["string", "null"] },
          b: { items: [{}, true] },
          c: { anyOf: [{ const: 1 }] },
        },
        required: ["a"],
        $defs: { x: { enum: [1, 2] } },
        additionalProperties: false,
      }),
    ).toBeUndefined();
  });

  it.each([
    [{ type: "object", properties: null }, "properties"],
    [{ properties: { a: null } }, "properties.a"],
    [{ properties: { a: { properties: { b: 3 } } } }, "properties.a.properties.b"],
    [{ required: [1] }, "required"],
    [{ required: null }, "required"],
    [{ anyOf: [] }, "anyOf"],
    [{ oneOf: [{}, "x"] }, "oneOf.1"],
    [{ type: 7 }, "type"],
    [{ enum: "a" }, "enum"],
    [{ items: null }, "items"],
    [{ $defs: [] }, "$defs"],
  ])("finds %j wrong at %s", (schema, path) => {
    expect(jsonSchemaShapeProblem(schema)?.path).toBe(path);
  });

  it("leaves nothing the projection to OpenAPI schemas throws on", () => {
    const context = createConversionContext();
    const keyword = fc.constantFrom(
      "properties",
      "items",
      "required",
      "anyOf",
      "allOf",
      "enum",
      "type",
      "not",
      "$defs",
    );
    const schema = fc.letrec<{ schema: unknown }>((tie) => ({
      schema: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue({ maxDepth: 1 }),
        fc.dictionary(
          keyword,
          fc.oneof(tie("schema"), fc.dictionary(fc.string({ maxLength: 2 }), tie("schema"), { maxKeys: 2 })),
          { maxKeys: 3 },
        ),
      ),
    })).schema;
    fc.assert(
      fc.property(schema, (value) => {
        if (jsonSchemaShapeProblem(value) !== undefined || typeof value !== "object" || value === null)
          return;
        for (const unsupportedKeywords of ["lose", "describe"] as const)
          expect(() =>
            jsonSchemaToOpenApiSchema(value as Record<string, unknown>, {
              context,
              path: "",
              unsupportedKeywords,
            }),
          ).not.toThrow();
      }),
    );
  });
});

describe("jsonSchemaToOpenApiSchema on a schema of the wrong shape", () => {
  it("refuses it with invalid_request naming where, below the schema's path", () => {
    const context = createConversionContext();
    expect(() =>
      jsonSchemaToOpenApiSchema({ type: "object", properties: null } as never, {
        context,
        path: "/tools/0/inputSchema",
      }),
    ).toThrow(expect.objectContaining({ kind: "invalid_request", param: "/tools/0/inputSchema/properties" }));
  });
});
