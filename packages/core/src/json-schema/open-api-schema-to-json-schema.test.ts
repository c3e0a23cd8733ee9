import { describe, expect, it } from "vitest";
import { createConversionContext } from "../conversion/conversion-context";
import { jsonSchemaToOpenApiSchema } from "./json-schema-to-open-api-schema";
import { openApiSchemaToJsonSchema } from "./open-api-schema-to-json-schema";

describe("openApiSchemaToJsonSchema", () => {
  it("spells the subset's keywords the JSON Schema way and keeps the rest", () => {
    expect(
      openApiSchemaToJsonSchema({
        type: "OBJECT",
        properties: {
          when: { type: "string", format: "date-time", nullable: true, example: "2025-01-01T00:00:00Z" },
          size: { type: "STRING", enum: ["S", "M"], nullable: true },
          list: { type: "ARRAY", items: { type: "INTEGER" }, minItems: "1", maxItems: 3 },
          either: { anyOf: [{ type: "STRING" }, { type: "NUMBER" }], nullable: true },
        },
        required: ["when"],
        propertyOrdering: ["when", "size"],
      }),
    ).toEqual({
      type: "object",
      properties: {
        when: { type: ["string", "null"], format: "date-time", examples: ["2025-01-01T00:00:00Z"] },
        size: { type: ["string", "null"], enum: ["S", "M", null] },
        list: { type: "array", items: { type: "integer" }, minItems: 1, maxItems: 3 },
        either: { anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }] },
      },
      required: ["when"],
      propertyOrdering: ["when", "size"],
    });
  });

  it("comes back to the same subset schema through the forward projection, without losses", () => {
    const original = {
      type: "OBJECT",
      description: "a person",
      properties: {
        name: { type: "STRING", nullable: true, minLength: 1 },
        tags: { type: "ARRAY", items: { type: "STRING", enum: ["a", "b"] } },
        score: { type: "NUMBER", minimum: 0, maximum: 1, example: 0.5 },
      },
      required: ["name"],
      propertyOrdering: ["name", "tags", "score"],
    };
    const context = createConversionContext();
    expect(jsonSchemaToOpenApiSchema(openApiSchemaToJsonSchema(original), { context, path: "" })).toEqual(
      original,
    );
    expect(context.losses).toEqual([]);
  });

  it("keeps a nullable one-branch union and a null-only union apart from an optional value, on the way back too", () => {
    const original = {
      type: "OBJECT",
      properties: {
        count: { anyOf: [{ type: "INTEGER" }], nullable: true, description: "n" },
        flag: { type: "BOOLEAN", anyOf: [{ type: "NULL" }] },
        optional: { type: "INTEGER", nullable: true },
      },
    };
    const jsonSchema = openApiSchemaToJsonSchema(original);
    expect(jsonSchema.properties).toEqual({
      count: { anyOf: [{ anyOf: [{ type: "integer" }] }, { type: "null" }], description: "n" },
      flag: { type: "boolean", anyOf: [{ type: "null" }] },
      optional: { type: ["integer", "null"] },
    });
    const context = createConversionContext();
    expect(jsonSchemaToOpenApiSchema(jsonSchema, { context, path: "" })).toEqual(original);
    expect(context.losses).toEqual([]);
  });
});
