import fc from "fast-check";

type Schema = Record<string, unknown>;

const propertyName = fc.constantFrom("city", "count", "when", "tags", "nested", "kind", "x");

/** Leaf schemas: every type, every `format` the formats know and some they do not, every bound. */
const leafSchema: fc.Arbitrary<Schema> = fc.oneof(
  fc.constant({ type: "string" }),
  fc
    .constantFrom("date-time", "date", "time", "email", "uri", "uuid", "enum", "byte", "ipv4", "duration")
    .map((format) => ({ type: "string", format })),
  fc.constant({ type: "string", enum: ["a", "b"] }),
  fc.constant({ type: "string", minLength: 0, maxLength: 10, pattern: "^[a-z]+$" }),
  fc.constantFrom("int32", "int64", "uint8").map((format) => ({ type: "integer", format })),
  fc.constantFrom("float", "double", "decimal").map((format) => ({ type: "number", format })),
  fc.constant({ type: "integer", minimum: -1, maximum: 9_007_199_254_740_991 }),
  fc.constant({ type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 100 }),
  fc.constant({ type: "number", exclusiveMinimum: 0, multipleOf: 0.5 }),
  fc.constant({ type: "number", minimum: -1e308, maximum: 1e308 }),
  fc.constant({ type: "boolean" }),
  fc.constant({ type: "null" }),
  fc.constant({ type: ["string", "null"] }),
  fc.constant({ type: ["integer", "string"] }),
  fc.constant({ const: "fixed" }),
  fc.constant({ const: 3 }),
  fc.constant({ enum: ["a", 1, null] }),
  fc.constant({ description: "anything", title: "Any", default: "d", examples: ["e"] }),
  fc.constant({}),
);

/**
 * JSON Schemas of tool parameters and structured outputs using every keyword the formats know and
 * some they do not: objects with empty or missing `properties`, `required` names without a
 * property, `additionalProperties`, arrays with bounds, `anyOf` of `const`s, `oneOf`, `allOf`,
 * `not`, `$ref` into `$defs`, nullable type arrays, every `format`, exclusive bounds.
 */
export const jsonSchemaKeywordArbitrary: fc.Arbitrary<Schema> = fc
  .letrec<{ node: Schema; object: Schema }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leafSchema,
      tie("object"),
      fc.record(
        {
          type: fc.constant("array"),
          items: tie("node"),
          minItems: fc.constantFrom(0, 1),
          maxItems: fc.constantFrom(3, 100),
          uniqueItems: fc.boolean(),
        },
        { requiredKeys: ["type"] },
      ),
      fc.array(fc.constantFrom("red", "green", "blue"), { minLength: 1, maxLength: 3 }).map((values) => ({
        anyOf: values.map((value) => ({ const: value })),
      })),
      fc.array(tie("node"), { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf })),
      fc.array(tie("node"), { minLength: 2, maxLength: 3 }).map((oneOf) => ({ oneOf })),
      fc.array(tie("object"), { minLength: 1, maxLength: 2 }).map((allOf) => ({ allOf })),
      fc.constant({ not: { type: "string" } }),
      fc.constant({ $ref: "#/$defs/Place" }),
    ),
    object: fc
      .record(
        {
          properties: fc.dictionary(propertyName, tie("node"), { maxKeys: 3 }),
          extraRequired: fc.array(fc.constantFrom("missing", "ghost"), { maxLength: 1 }),
          requireSome: fc.boolean(),
          additionalProperties: fc.oneof(fc.boolean(), fc.constant({ type: "string" })),
          minProperties: fc.constantFrom(0, 1),
          description: fc.string({ maxLength: 20 }),
        },
        { requiredKeys: ["properties", "extraRequired", "requireSome"] },
      )
      .map(({ properties, extraRequired, requireSome, ...rest }) => {
        const required = [...(requireSome ? Object.keys(properties).slice(0, 2) : []), ...extraRequired];
        return { type: "object", properties, required, ...rest };
      }),
  }))
  .object.map((root) => ({
    ...root,
    $defs: { Place: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
  }));
