import * as z from "zod/mini";

/** A `google.rpc.Status` detail, tagged by `@type` (`BadRequest`, `RetryInfo`, `ErrorInfo`, ...). */
export const GenerateContentErrorDetail = z.looseObject({ "@type": z.string() });

/** The error body: `{error: {code, message, status, details}}`. */
export const GenerateContentErrorBody = z.looseObject({
  error: z.looseObject({
    code: z.int(),
    message: z.string(),
    status: z.optional(z.string()),
    details: z.optional(z.array(GenerateContentErrorDetail)),
  }),
});
/** An error body; see {@link GenerateContentErrorBody}. */
export type GenerateContentErrorBody = z.infer<typeof GenerateContentErrorBody>;
