import * as z from "zod/mini";
import { Extensions } from "./extensions";

/** Code the model wrote for a hosted code-execution tool to run. */
export const CodePart = z.object({
  type: z.literal("code"),
  /** Programming language, lower case (`python`), or the vendor's raw value. */
  language: z.string(),
  /** The source code. */
  code: z.string(),
  /** Id linking the code to its result, when the format has one. */
  id: z.optional(z.string()),
  /** Format-specific fields. */
  extensions: z.optional(Extensions),
});
/** Code for a hosted code-execution tool; see {@link CodePart}. */
export type CodePart = z.infer<typeof CodePart>;
