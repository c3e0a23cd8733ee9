import * as z from "zod";

/** An int64 count as proto JSON spells it: a number or a decimal string. */
const Int64 = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]);

/**
 * The OpenAPI 3.0 Schema subset that the generate-content format (and other OpenAPI-flavoured
 * APIs) accept for tool parameters and structured output: `type` is an upper-case enum name
 * (`STRING`, `NUMBER`, `INTEGER`, `BOOLEAN`, `ARRAY`, `OBJECT`, `NULL`; lower case is accepted),
 * `nullable` instead of a `"null"` type, `enum` for strings, `example` instead of `examples`, and
 * no `$ref`. Unknown keywords are kept (the object is loose) so a same-format round trip is exact.
 */
export const OpenApiSchema = z.looseObject({
  /** Type name; absent (or `TYPE_UNSPECIFIED`) accepts any value. */
  type: z.string().optional(),
  /** Value format hint (`date-time`, `int64`, `enum`, ...). */
  format: z.string().optional(),
  /** Short name. */
  title: z.string().optional(),
  /** What the value means, for the model. */
  description: z.string().optional(),
  /** Whether `null` is accepted too. */
  nullable: z.boolean().optional(),
  /** Allowed values (strings). */
  enum: z.array(z.string()).optional(),
  /** Schema of array elements. */
  get items() {
    return OpenApiSchema.optional();
  },
  /** Bounds on array length. */
  minItems: Int64.optional(),
  maxItems: Int64.optional(),
  /** Schemas of object properties. */
  get properties() {
    return z.record(z.string(), OpenApiSchema).optional();
  },
  /** Property names that must be present. */
  required: z.array(z.string()).optional(),
  /** Bounds on the number of object properties. */
  minProperties: Int64.optional(),
  maxProperties: Int64.optional(),
  /** Bounds on numbers. */
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  /** Bounds on string length. */
  minLength: Int64.optional(),
  maxLength: Int64.optional(),
  /** Regular expression a string must match. */
  pattern: z.string().optional(),
  /** An example value. */
  example: z.unknown().optional(),
  /** The value must match at least one of these. */
  get anyOf() {
    return z.array(OpenApiSchema).optional();
  },
  /** Order in which the model should produce object properties. */
  propertyOrdering: z.array(z.string()).optional(),
  /** Default value. */
  default: z.unknown().optional(),
});
/** An OpenAPI 3.0 Schema subset document; see {@link OpenApiSchema}. */
export type OpenApiSchema = z.infer<typeof OpenApiSchema>;
