import * as z from "zod/mini";

/** Whether and which tools the model must use. */
export const ToolChoice = z.discriminatedUnion("type", [
  /** The model decides; `allowed` narrows the tools it may pick from. */
  z.object({ type: z.literal("auto"), allowed: z.optional(z.array(z.string())) }),
  /** The model must not call tools. */
  z.object({ type: z.literal("none") }),
  /** The model must call at least one tool; `allowed` narrows which. */
  z.object({ type: z.literal("required"), allowed: z.optional(z.array(z.string())) }),
  /** The model must call this function tool. */
  z.object({ type: z.literal("tool"), name: z.string() }),
  /** The model must use this hosted tool (a `HostedTool` kind). */
  z.object({ type: z.literal("hosted"), kind: z.string() }),
]);
/** Tool-use policy; see {@link ToolChoice}. */
export type ToolChoice = z.infer<typeof ToolChoice>;
