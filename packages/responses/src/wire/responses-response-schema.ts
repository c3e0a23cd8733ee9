import * as z from "zod";

/** Token counts of a response; `input_tokens` includes cached tokens, `output_tokens` reasoning tokens. */
export const ResponsesUsage = z.looseObject({
  input_tokens: z.number().int(),
  input_tokens_details: z.looseObject({ cached_tokens: z.number().int().optional() }).optional(),
  output_tokens: z.number().int(),
  output_tokens_details: z.looseObject({ reasoning_tokens: z.number().int().optional() }).optional(),
  total_tokens: z.number().int().optional(),
});
/** Usage; see {@link ResponsesUsage}. */
export type ResponsesUsage = z.infer<typeof ResponsesUsage>;

/** The response object (whole, or inside stream lifecycle events). Read loosely. */
export const ResponsesResponse = z.looseObject({
  id: z.string(),
  object: z.literal("response").optional(),
  created_at: z.number(),
  status: z.string().optional(),
  model: z.string(),
  output: z.array(z.looseObject({ type: z.string() })),
  error: z.looseObject({ code: z.string().nullish(), message: z.string() }).nullish(),
  incomplete_details: z.looseObject({ reason: z.string().optional() }).nullish(),
  usage: ResponsesUsage.nullish(),
});
/** A response object; see {@link ResponsesResponse}. */
export type ResponsesResponse = z.infer<typeof ResponsesResponse>;

/** One stream event: `type` names it; the rest depends on the type. Read loosely. */
export const ResponsesStreamEvent = z.looseObject({
  type: z.string(),
  sequence_number: z.number().int().optional(),
});
/** A stream event; see {@link ResponsesStreamEvent}. */
export type ResponsesStreamEvent = z.infer<typeof ResponsesStreamEvent>;

/** The format's error body. */
export const ResponsesErrorBody = z.looseObject({
  error: z.looseObject({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});
/** An error body; see {@link ResponsesErrorBody}. */
export type ResponsesErrorBody = z.infer<typeof ResponsesErrorBody>;
