import * as z from "zod/mini";

/** An int64 count as proto JSON spells it: a number or a decimal string. */
const Int64 = z.union([z.int(), z.string().check(z.regex(/^-?\d+$/))]);

/**
 * The OpenAPI 3.0 Schema subset that the generate-content format (and other OpenAPI-flavoured
 * APIs) accept for tool parameters and structured output: `type` is an upper-case enum name
 * (`STRING`, `NUMBER`, `INTEGER`, `BOOLEAN`, `ARRAY`, `OBJECT`, `NULL`; lower case is accepted),
 * `nullable` instead of a `"null"` type, `enum` for strings, `example` instead of `examples`, and
 * no `$ref`. Unknown keywords are kept (the object is loose) so a same-format round trip is exact.
 */
export const OpenApiSchema = z.looseObject({
  /** Type name; absent (or `TYPE_UNSPECIFIED`) accepts any value. */
  type: z.optional(z.string()),
  /** Value format hint (`date-time`, `int64`, `enum`, ...). */
  format: z.optional(z.string()),
  /** Short name. */
  title: z.optional(z.string()),
  /** What the value means, for the model. */
  description: z.optional(z.string()),
  /** Whether `null` is accepted too. */
  nullable: z.optional(z.boolean()),
  /** Allowed values (strings). */
  enum: z.optional(z.array(z.string())),
  /** Schema of array elements. */
  get items() {
    return z.optional(OpenApiSchema);
  },
  /** Bounds on array length. */
  minItems: z.optional(Int64),
  maxItems: z.optional(Int64),
  /** Schemas of object properties. */
  get properties() {
    return z.optional(z.record(z.string(), OpenApiSchema));
  },
  /** Property names that must be present. */
  required: z.optional(z.array(z.string())),
  /** Bounds on the number of object properties. */
  minProperties: z.optional(Int64),
  maxProperties: z.optional(Int64),
  /** Bounds on numbers. */
  minimum: z.optional(z.number()),
  maximum: z.optional(z.number()),
  /** Bounds on string length. */
  minLength: z.optional(Int64),
  maxLength: z.optional(Int64),
  /** Regular expression a string must match. */
  pattern: z.optional(z.string()),
  /** An example value. */
  example: z.optional(z.unknown()),
  /** The value must match at least one of these. */
  get anyOf() {
    return z.optional(z.array(OpenApiSchema));
  },
  /** Order in which the model should produce object properties. */
  propertyOrdering: z.optional(z.array(z.string())),
  /** Default value. */
  default: z.optional(z.unknown()),
});
/** An OpenAPI 3.0 Schema subset document; see {@link OpenApiSchema}. */
export type OpenApiSchema = z.infer<typeof OpenApiSchema>;
