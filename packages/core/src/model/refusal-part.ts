import * as z from "zod/mini";
import { Extensions } from "./extensions";

/** The model declining to answer, in its own words. */
export const RefusalPart = z.object({
  type: z.literal("refusal"),
  /** The refusal text. */
  text: z.string(),
  /** Format-specific fields. */
  extensions: z.optional(Extensions),
});
/** A refusal; see {@link RefusalPart}. */
export type RefusalPart = z.infer<typeof RefusalPart>;
