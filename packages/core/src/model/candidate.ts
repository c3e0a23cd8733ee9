import * as z from "zod/mini";
import { Extensions } from "./extensions";
import { FinishReason } from "./finish-reason";
import { Part } from "./part";

/** An alternative response beyond the first (generate-content `candidateCount` > 1). */
export const Candidate = z.object({
  /** The candidate's position in the vendor's list. */
  index: z.int(),
  /** Its output parts. */
  parts: z.array(Part),
  /** Why it stopped. */
  finishReason: z.optional(FinishReason),
  /** Format-specific fields (safety ratings, citation and grounding metadata, logprobs). */
  extensions: z.optional(Extensions),
});
/** An extra candidate; see {@link Candidate}. */
export type Candidate = z.infer<typeof Candidate>;
