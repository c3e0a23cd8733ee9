import * as z from "zod/mini";
import { Extensions } from "./extensions";

/** The outcome of running a {@link CodePart} in a hosted sandbox. */
export const CodeResultPart = z.object({
  type: z.literal("code-result"),
  /** How the run ended. */
  outcome: z.enum(["ok", "failed", "deadline_exceeded", "unspecified"]),
  /** Standard output, or the error text on failure. */
  output: z.optional(z.string()),
  /** Id of the code part this result belongs to, when the format has one. */
  id: z.optional(z.string()),
  /** Format-specific fields. */
  extensions: z.optional(Extensions),
});
/** The outcome of hosted code execution; see {@link CodeResultPart}. */
export type CodeResultPart = z.infer<typeof CodeResultPart>;
