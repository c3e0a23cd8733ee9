import Ajv2020 from "ajv/dist/2020";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createConversionContext } from "../conversion/conversion-context";
import type { JsonSchema } from "../model/tool";
import { jsonSchemaToOpenApiSchema } from "./json-schema-to-open-api-schema";
import type { OpenApiSchema } from "./open-api-schema";
import { openApiSchemaToJsonSchema } from "./open-api-schema-to-json-schema";

/** A small validator for the OpenAPI Schema subset, written from its definition (not from the code under test). */
function acceptsOpenApi(schema: OpenApiSchema, value: unknown): boolean {
  if (value === null) return schema.nullable === true || schema.type === undefined || schema.type === "NULL";
  if (schema.anyOf && !schema.anyOf.some((branch) => acceptsOpenApi(branch, value))) return false;
  switch (schema.type) {
    case undefined:
      break;
    case "STRING":
      if (typeof value !== "string") return false;
      break;
    case "NUMBER":
      if (typeof value !== "number") return false;
      break;
    case "INTEGER":
      if (typeof value !== "number" || !Number.isInteger(value)) return false;
      break;
    case "BOOLEAN":
      if (typeof value !== "boolean") return false;
      break;
    case "ARRAY":
      if (!Array.isArray(value)) return false;
      break;
    case "OBJECT":
      if (typeof value !== "object" || Array.isArray(value)) return false;
      break;
    default:
      return false;
  }
  if (typeof value === "string") {
    if (schema.enum && !schema.enum.includes(value)) return false;
    if (schema.minLength !== undefined && [...value].length < Number(schema.minLength)) return false;
    if (schema.maxLength !== undefined && [...value].length > Number(schema.maxLength)) return false;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) return false;
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < Number(schema.minItems)) return false;
    if (schema.maxItems !== undefined && value.length > Number(schema.maxItems)) return false;
    if (schema.items && !value.every((item) => acceptsOpenApi(schema.items!, item))) return false;
  }
  if (typeof value === "object" && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (!(name in object)) return false;
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      if (name in object && !acceptsOpenApi(property, object[name])) return false;
    const count = Object.keys(object).length;
    if (schema.minProperties !== undefined && count < Number(schema.minProperties)) return false;
    if (schema.maxProperties !== undefined && count > Number(schema.maxProperties)) return false;
  }
  return true;
}

interface Generated {
  schema: JsonSchema;
  value: fc.Arbitrary<unknown>;
}

const name = fc.constantFrom("a", "b", "id", "when", "x-y", "tags");

const leaf: fc.Arbitrary<Generated> = fc.oneof(
  fc
    .record({
      minLength: fc.nat(3),
      extra: fc.nat(5),
      format: fc.constantFrom(undefined, "date-time", "email"),
    })
    .map(({ minLength, extra, format }) => ({
      schema: { type: "string", minLength, maxLength: minLength + extra, ...(format ? { format } : {}) },
      value: fc.string({ unit: "grapheme-ascii", minLength, maxLength: minLength + extra }),
    })),
  fc
    .record({ minimum: fc.integer({ min: -50, max: 50 }), span: fc.nat(100), exclusive: fc.boolean() })
    .map(({ minimum, span, exclusive }) => ({
      schema: exclusive
        ? {
            type: "integer",
            exclusiveMinimum: minimum - 1,
            exclusiveMaximum: minimum + span + 1,
            multipleOf: 1,
          }
        : { type: "integer", minimum, maximum: minimum + span },
      value: fc.integer({ min: minimum, max: minimum + span }),
    })),
  fc.constant({ schema: { type: "number" }, value: fc.double({ noNaN: true, noDefaultInfinity: true }) }),
  fc.constant({ schema: { type: "boolean" }, value: fc.boolean() as fc.Arbitrary<unknown> }),
  fc.uniqueArray(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 4 }).map((values) => ({
    schema: { enum: values },
    value: fc.constantFrom(...values) as fc.Arbitrary<unknown>,
  })),
  fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant(null)).map((value) => ({
    schema: { const: value },
    value: fc.constant(value) as fc.Arbitrary<unknown>,
  })),
  fc.constant({ schema: {}, value: fc.jsonValue() as fc.Arbitrary<unknown> }),
  fc.constant({ schema: { type: "null" }, value: fc.constant(null) as fc.Arbitrary<unknown> }),
);

const generated: fc.Arbitrary<Generated> = fc.letrec<{ node: Generated }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    // arrays, with or without items
    fc
      .record({ item: tie("node"), minItems: fc.nat(2), withItems: fc.boolean() })
      .map(({ item, minItems, withItems }) => ({
        schema: withItems
          ? { type: "array", items: item.schema, minItems, uniqueItems: false }
          : { type: "array" },
        value: fc.array(withItems ? item.value : fc.jsonValue(), {
          minLength: minItems,
          maxLength: minItems + 2,
        }),
      })),
    // objects with required and optional properties
    fc
      .uniqueArray(fc.tuple(name, tie("node"), fc.boolean()), { selector: ([key]) => key, maxLength: 4 })
      .map((entries) => ({
        schema: {
          type: "object",
          properties: Object.fromEntries(entries.map(([key, node]) => [key, node.schema])),
          required: entries.filter(([, , required]) => required).map(([key]) => key),
          additionalProperties: false,
        },
        value: fc.record(Object.fromEntries(entries.map(([key, node]) => [key, node.value])), {
          requiredKeys: entries.filter(([, , required]) => required).map(([key]) => key),
        }),
      })),
    // nullable spellings: type arrays, anyOf / oneOf with null
    fc.tuple(tie("node"), fc.constantFrom("anyOf", "oneOf", "typeArray")).map(([node, spelling]) => ({
      schema:
        spelling === "typeArray" && typeof node.schema.type === "string" && node.schema.type !== "null"
          ? { ...node.schema, type: [node.schema.type, "null"] }
          : { [spelling === "oneOf" ? "oneOf" : "anyOf"]: [node.schema, { type: "null" }] },
      value: fc.option(node.value, { nil: null }),
    })),
    // unions of several schemas
    fc.tuple(tie("node"), tie("node"), fc.constantFrom("anyOf", "oneOf")).map(([left, right, keyword]) => ({
      schema: { [keyword]: [left.schema, right.schema], description: "either" },
      value: fc.oneof(left.value, right.value),
    })),
    // multi-type lists
    fc.constant({
      schema: { type: ["string", "integer", "null"], minLength: 1, minimum: 0 },
      value: fc.oneof(fc.string({ minLength: 1 }), fc.nat(), fc.constant(null)) as fc.Arbitrary<unknown>,
    }),
    // allOf of two object schemas
    fc.tuple(tie("node"), tie("node")).map(([left, right]) => ({
      schema: {
        allOf: [
          { type: "object", properties: { l: left.schema }, required: ["l"] },
          { type: "object", properties: { r: right.schema }, required: ["r"] },
        ],
      },
      value: fc.record({ l: left.value, r: right.value }),
    })),
  ),
})).node;

/** Roots, some of which keep a subschema in `$defs` and refer to it (references resolve from the root). */
const rootGenerated: fc.Arbitrary<Generated> = fc.oneof(
  generated,
  fc.tuple(generated, generated).map(([shared, other]) => ({
    schema: {
      $defs: { shared: shared.schema },
      type: "object",
      properties: {
        ref: { $ref: "#/$defs/shared" },
        list: { type: "array", items: { $ref: "#/$defs/shared" } },
        other: other.schema,
      },
      required: ["ref"],
    },
    value: fc.record(
      { ref: shared.value, list: fc.array(shared.value, { maxLength: 2 }), other: other.value },
      { requiredKeys: ["ref"] },
    ),
  })),
);

const ajv = new Ajv2020({ strict: false, allErrors: false });
ajv.addFormat("date-time", true).addFormat("email", true);

describe("jsonSchemaToOpenApiSchema", () => {
  it("accepts every value the source schema accepts (checked by a subset validator and by ajv on the way back)", () => {
    fc.assert(
      fc.property(
        rootGenerated.chain((node) =>
          fc.tuple(fc.constant(node.schema), fc.array(node.value, { minLength: 1, maxLength: 3 })),
        ),
        ([schema, values]) => {
          const validateSource = ajv.compile(schema);
          const projected = jsonSchemaToOpenApiSchema(schema, {
            context: createConversionContext(),
            path: "",
          });
          const validateBack = ajv.compile(openApiSchemaToJsonSchema(projected));
          // The generator aims at accepted values; `oneOf` with overlapping branches can miss, so ajv decides.
          for (const value of values.filter((candidate) => validateSource(candidate))) {
            expect(acceptsOpenApi(projected, value)).toBe(true);
            expect(validateBack(value)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("turns nullable spellings, const and type arrays into the subset's own keywords", () => {
    const context = createConversionContext();
    const projected = jsonSchemaToOpenApiSchema(
      {
        type: "object",
        properties: {
          name: { type: ["string", "null"], description: "who" },
          kind: { const: "cat" },
          age: { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] },
          tags: { type: "array" },
          count: { const: 3 },
        },
        required: ["name"],
      },
      { context, path: "/tools/0/input_schema" },
    );
    expect(projected).toEqual({
      type: "OBJECT",
      properties: {
        name: { type: "STRING", nullable: true, description: "who" },
        kind: { type: "STRING", enum: ["cat"] },
        age: { type: "INTEGER", minimum: 0, nullable: true },
        tags: { type: "ARRAY", items: {} },
        count: { type: "INTEGER", minimum: 3, maximum: 3 },
      },
      required: ["name"],
    });
    expect(context.losses).toEqual([]);
  });

  it("projects a schema of null alone as the subset's NULL type, exactly", () => {
    const context = createConversionContext();
    expect(jsonSchemaToOpenApiSchema({ type: "null" }, { context, path: "/tools/0/inputSchema" })).toEqual({
      type: "NULL",
    });
    expect(context.losses).toEqual([]);
  });

  it("inlines $ref and cuts a cycle with a loss at the reference", () => {
    const context = createConversionContext();
    const projected = jsonSchemaToOpenApiSchema(
      {
        $defs: {
          node: { type: "object", properties: { value: { type: "string" }, next: { $ref: "#/$defs/node" } } },
        },
        $ref: "#/$defs/node",
      },
      { context, path: "/schema" },
    );
    expect(projected).toEqual({
      type: "OBJECT",
      properties: { value: { type: "STRING" }, next: {} },
    });
    expect(context.losses).toEqual([
      {
        code: "dropped",
        path: "/schema/$defs/node/properties/next/$ref",
        message: expect.stringContaining("Recursive"),
      },
    ]);
  });

  it("reports every keyword it cannot carry at its path, or describes it when asked", () => {
    const schema = {
      type: "object",
      properties: { n: { type: "number", multipleOf: 5 } },
      additionalProperties: false,
    };
    const lose = createConversionContext();
    expect(jsonSchemaToOpenApiSchema(schema, { context: lose, path: "" })).toEqual({
      type: "OBJECT",
      properties: { n: { type: "NUMBER" } },
    });
    expect(lose.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["dropped", "/properties/n/multipleOf"],
      ["dropped", "/additionalProperties"],
    ]);
    const describe = createConversionContext();
    const described = jsonSchemaToOpenApiSchema(schema, {
      context: describe,
      path: "",
      unsupportedKeywords: "describe",
    });
    expect(described.properties?.n?.description).toBe("JSON Schema constraints: multipleOf: 5");
    expect(describe.losses.map((loss) => loss.code)).toEqual(["approximated", "approximated"]);
  });

  it("projects oneOf as anyOf with an approximation loss", () => {
    const context = createConversionContext();
    const projected = jsonSchemaToOpenApiSchema(
      { oneOf: [{ type: "string" }, { type: "integer" }] },
      { context, path: "" },
    );
    expect(projected).toEqual({ anyOf: [{ type: "STRING" }, { type: "INTEGER" }] });
    expect(context.losses).toEqual([{ code: "approximated", path: "/oneOf", message: expect.any(String) }]);
  });

  it("keeps a one-branch anyOf a branch unless it is an optional value's, so no type is dropped", () => {
    const context = createConversionContext();
    const projected = jsonSchemaToOpenApiSchema(
      {
        type: "object",
        properties: {
          alone: { anyOf: [{ type: "integer" }] },
          clash: { type: "string", anyOf: [{ type: "object", maximum: 6 }], minimum: 1 },
          optional: { anyOf: [{ type: "integer" }, { type: "null" }], description: "n" },
          optionalClash: { type: "string", anyOf: [{ type: "integer" }, { type: "null" }] },
          nullAlone: { type: "boolean", anyOf: [{ type: "null" }] },
        },
      },
      { context, path: "" },
    );
    expect(projected.properties).toEqual({
      alone: { anyOf: [{ type: "INTEGER" }] },
      clash: { type: "STRING", minimum: 1, anyOf: [{ type: "OBJECT", maximum: 6 }] },
      optional: { type: "INTEGER", description: "n", nullable: true },
      optionalClash: { type: "STRING", anyOf: [{ type: "INTEGER" }], nullable: true },
      nullAlone: { type: "BOOLEAN", anyOf: [{ type: "NULL" }] },
    });
    expect(context.losses).toEqual([]);
  });

  it("throws in strict mode on the first loss", () => {
    const context = createConversionContext({ strict: true });
    expect(() =>
      jsonSchemaToOpenApiSchema({ type: "string", not: { const: "x" } }, { context, path: "/p" }),
    ).toThrow(/not/);
  });
});

describe("jsonSchemaToOpenApiSchema keeps to what the generate-content API takes", () => {
  const projectWithLosses = (schema: JsonSchema) => {
    const context = createConversionContext();
    const projected = jsonSchemaToOpenApiSchema(schema, { context, path: "/tools/0/inputSchema" });
    return { projected, paths: context.losses.map((loss) => loss.path) };
  };

  it("keeps only the formats each type takes, dropping the rest with a loss", () => {
    const { projected, paths } = projectWithLosses({
      type: "object",
      properties: {
        when: { type: "string", format: "date-time" },
        mail: { type: "string", format: "email" },
        ratio: { type: "number", format: "double" },
        count: { type: "integer", format: "uint8" },
      },
    });
    expect(projected.properties).toEqual({
      when: { type: "STRING", format: "date-time" },
      mail: { type: "STRING" },
      ratio: { type: "NUMBER", format: "double" },
      count: { type: "INTEGER" },
    });
    expect(paths).toEqual([
      "/tools/0/inputSchema/properties/mail/format",
      "/tools/0/inputSchema/properties/count/format",
    ]);
  });

  it("turns an exclusive integer bound into the next integer, exactly, and approximates other bounds", () => {
    const integer = projectWithLosses({ type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 10 });
    expect(integer.projected).toEqual({ type: "INTEGER", minimum: 1, maximum: 9 });
    expect(integer.paths).toEqual([]);
    const number = projectWithLosses({ type: "number", exclusiveMinimum: 0 });
    expect(number.projected).toEqual({ type: "NUMBER", minimum: 0 });
    expect(number.paths).toEqual(["/tools/0/inputSchema/exclusiveMinimum"]);
  });

  it("sends no empty properties or required, and no required name without its property", () => {
    expect(projectWithLosses({ type: "object", properties: {}, required: [] })).toEqual({
      projected: { type: "OBJECT" },
      paths: [],
    });
    const { projected, paths } = projectWithLosses({
      type: "object",
      properties: { a: { type: "string" } },
      required: ["a", "ghost"],
    });
    expect(projected).toEqual({ type: "OBJECT", properties: { a: { type: "STRING" } }, required: ["a"] });
    expect(paths).toEqual(["/tools/0/inputSchema/required"]);
  });
});
