import * as z from "zod/mini";

/**
 * A value a backend gave us that only that backend can read: a thinking signature, redacted
 * thinking, encrypted reasoning, a thought signature. `format` names the codec that produced it,
 * so it is handed back only to that format and tunnelled (or dropped with a loss) for any other.
 */
export const OpaqueState = z.object({
  /** Id of the codec whose backend produced the value (`"messages"`, `"responses"`, ...). */
  format: z.string(),
  /** The value exactly as the backend sent it. */
  data: z.string(),
});
/** An opaque backend value tagged with its format; see {@link OpaqueState}. */
export type OpaqueState = z.infer<typeof OpaqueState>;
