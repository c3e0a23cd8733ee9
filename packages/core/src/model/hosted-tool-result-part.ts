import * as z from "zod/mini";
import { Extensions } from "./extensions";

/** The result of a {@link HostedToolCallPart}: search results, a screenshot, an error. */
export const HostedToolResultPart = z.object({
  type: z.literal("hosted-tool-result"),
  /** Id of the hosted call this answers. */
  callId: z.string(),
  /** Which hosted tool produced it. */
  tool: z.string(),
  /** The result as the vendor gave it. */
  output: z.unknown(),
  /** Whether the hosted tool failed. */
  isError: z.optional(z.boolean()),
  /** Format-specific fields. */
  extensions: z.optional(Extensions),
});
/** A hosted tool result; see {@link HostedToolResultPart}. */
export type HostedToolResultPart = z.infer<typeof HostedToolResultPart>;
