import * as z from "zod/mini";

/** Something a conversion could not carry faithfully. */
export const Loss = z.object({
  /** `dropped`: gone; `approximated`: carried with changed meaning; `unsupported`: the target cannot say it. */
  code: z.enum(["dropped", "approximated", "unsupported"]),
  /** JSON pointer into the source document (`/messages/2/content/0/cache_control`). */
  path: z.string(),
  /** What was lost and why, for a person. */
  message: z.string(),
});
/** A conversion loss; see {@link Loss}. */
export type Loss = z.infer<typeof Loss>;
