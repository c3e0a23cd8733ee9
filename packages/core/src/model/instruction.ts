import * as z from "zod/mini";
import { Extensions } from "./extensions";
import { TextPart } from "./text-part";

/** A system or developer instruction that comes before the conversation. */
export const Instruction = z.object({
  /** `developer` where the format distinguishes it from `system`. */
  role: z.enum(["system", "developer"]),
  /** The instruction text, as one or more text parts. */
  parts: z.array(TextPart),
  /** Format-specific fields. */
  extensions: z.optional(Extensions),
});
/** A leading instruction; see {@link Instruction}. */
export type Instruction = z.infer<typeof Instruction>;
