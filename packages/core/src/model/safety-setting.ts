import * as z from "zod/mini";

/** A content-safety threshold for one harm category, in the vendor's enum spelling. */
export const SafetySetting = z.object({
  /** Harm category (`HARM_CATEGORY_HARASSMENT`, ...). */
  category: z.string(),
  /** Blocking threshold (`BLOCK_MEDIUM_AND_ABOVE`, `OFF`, ...). */
  threshold: z.string(),
});
/** A safety threshold; see {@link SafetySetting}. */
export type SafetySetting = z.infer<typeof SafetySetting>;
