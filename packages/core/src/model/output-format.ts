import * as z from "zod/mini";
import { JsonSchema } from "./tool";

/** The shape the model's text output must take. */
export const OutputFormat = z.discriminatedUnion("type", [
  /** Free text (the default). */
  z.object({ type: z.literal("text") }),
  /** Any JSON object (older JSON mode). */
  z.object({ type: z.literal("json") }),
  /** JSON matching a schema. */
  z.object({
    type: z.literal("json-schema"),
    /** Schema name, where the format requires one. */
    name: z.optional(z.string()),
    /** What the output is, for the model. */
    description: z.optional(z.string()),
    /** The JSON Schema. */
    schema: JsonSchema,
    /** Whether the backend must follow the schema exactly. */
    strict: z.optional(z.boolean()),
  }),
  /** Exactly one of these strings (generate-content `text/x.enum`). */
  z.object({ type: z.literal("enum"), values: z.array(z.string()) }),
]);
/** Output shape; see {@link OutputFormat}. */
export type OutputFormat = z.infer<typeof OutputFormat>;
