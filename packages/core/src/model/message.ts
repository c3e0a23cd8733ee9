import * as z from "zod/mini";
import { Extensions } from "./extensions";
import { Part } from "./part";

/** One turn of the conversation. */
export const Message = z.object({
  /**
   * Who speaks. `tool` carries tool results in formats that give them their own turn.
   * `system` and `developer` are instructions that sit inside the conversation (the responses
   * format allows them anywhere); formats that cannot place them there hoist them with a loss.
   */
  role: z.enum(["user", "assistant", "tool", "system", "developer"]),
  /** The turn's content, in order. */
  parts: z.array(Part),
  /** Format-specific fields (item ids, status, the original role spelling). */
  extensions: z.optional(Extensions),
});
/** One conversation turn; see {@link Message}. */
export type Message = z.infer<typeof Message>;
