import * as z from "zod/mini";
import { CacheHint } from "./cache-hint";
import { Extensions } from "./extensions";
import { MediaPart } from "./media-part";
import { TextPart } from "./text-part";

/** The caller's answer to a tool call. */
export const ToolResultPart = z.object({
  type: z.literal("tool-result"),
  /** Id of the tool call this answers. */
  callId: z.string(),
  /** Name of the tool, when known (formats that key results by name need it). */
  name: z.optional(z.string()),
  /** What the tool returned, as text and media parts. */
  content: z.array(z.discriminatedUnion("type", [TextPart, MediaPart])),
  /**
   * Whether the tool returned structured data (a JSON object, not a string), which `content`'s one
   * text part holds as its JSON text: formats whose results are objects (generate-content,
   * interactions) send the object, the others its text, with a loss.
   */
  structured: z.optional(z.boolean()),
  /** Whether the tool failed. */
  isError: z.optional(z.boolean()),
  /** Prompt-caching breakpoint after this part. */
  cache: z.optional(CacheHint),
  /** Format-specific fields. */
  extensions: z.optional(Extensions),
});
/** A tool's answer; see {@link ToolResultPart}. */
export type ToolResultPart = z.infer<typeof ToolResultPart>;
