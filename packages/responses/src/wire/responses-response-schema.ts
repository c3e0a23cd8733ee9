import { compiledLooseObject } from "@interlingua/core";
import * as z from "zod/mini";

/** Token counts of a response; `input_tokens` includes cached tokens, `output_tokens` reasoning tokens. */
export const ResponsesUsage = compiledLooseObject({
  input_tokens: z.int(),
  input_tokens_details: z.optional(compiledLooseObject({ cached_tokens: z.optional(z.int()) })),
  output_tokens: z.int(),
  output_tokens_details: z.optional(compiledLooseObject({ reasoning_tokens: z.optional(z.int()) })),
  total_tokens: z.optional(z.int()),
});
/** Usage; see {@link ResponsesUsage}. */
export type ResponsesUsage = z.infer<typeof ResponsesUsage>;

/** The response object (whole, or inside stream lifecycle events). Read loosely. */
export const ResponsesResponse = compiledLooseObject({
  id: z.string(),
  object: z.optional(z.literal("response")),
  created_at: z.number(),
  status: z.optional(z.string()),
  model: z.string(),
  output: z.array(compiledLooseObject({ type: z.string() })),
  error: z.nullish(compiledLooseObject({ code: z.nullish(z.string()), message: z.string() })),
  incomplete_details: z.nullish(compiledLooseObject({ reason: z.optional(z.string()) })),
  usage: z.nullish(ResponsesUsage),
});
/** A response object; see {@link ResponsesResponse}. */
export type ResponsesResponse = z.infer<typeof ResponsesResponse>;

/** One stream event: `type` names it; the rest depends on the type. Read loosely. */
export const ResponsesStreamEvent = compiledLooseObject({
  type: z.string(),
  sequence_number: z.optional(z.int()),
});
/** A stream event; see {@link ResponsesStreamEvent}. */
export type ResponsesStreamEvent = z.infer<typeof ResponsesStreamEvent>;

/** The format's error body. */
export const ResponsesErrorBody = compiledLooseObject({
  error: compiledLooseObject({
    message: z.string(),
    type: z.string(),
    param: z.nullable(z.string()),
    code: z.nullable(z.string()),
  }),
});
/** An error body; see {@link ResponsesErrorBody}. */
export type ResponsesErrorBody = z.infer<typeof ResponsesErrorBody>;
