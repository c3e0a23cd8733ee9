import * as z from "zod/mini";
import { Extensions } from "./extensions";

/**
 * A call of a hosted tool: one the vendor runs (web search, file search, code execution) or a
 * built-in client tool with a fixed schema the format models as its own item (computer use).
 */
export const HostedToolCallPart = z.object({
  type: z.literal("hosted-tool-call"),
  /** Call id. */
  id: z.string(),
  /** Which hosted tool (`web_search`, `file_search`, `computer`, `code_execution`, ...). */
  tool: z.string(),
  /** The call's input (queries, action), as the vendor gave it. */
  input: z.unknown(),
  /** Progress of the call, when the format reports it (`in_progress`, `completed`, `failed`, ...). */
  status: z.optional(z.string()),
  /** Format-specific fields. */
  extensions: z.optional(Extensions),
});
/** A hosted tool call; see {@link HostedToolCallPart}. */
export type HostedToolCallPart = z.infer<typeof HostedToolCallPart>;
