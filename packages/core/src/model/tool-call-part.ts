import * as z from "zod/mini";
import { CacheHint } from "./cache-hint";
import { Extensions } from "./extensions";
import { OpaqueState } from "./opaque-state";

/** The assistant asking the caller to run a function tool. */
export const ToolCallPart = z.object({
  type: z.literal("tool-call"),
  /** Call id; formats that omit ids get deterministic ones from the conversion context. */
  id: z.string(),
  /** Name of the function tool. */
  name: z.string(),
  /** Arguments as parsed JSON (normally an object). */
  arguments: z.unknown(),
  /** The raw argument text, kept only when it did not parse as JSON (for example a cut-off stream). */
  rawArguments: z.optional(z.string()),
  /** Prompt-caching breakpoint after this part. */
  cache: z.optional(CacheHint),
  /** An opaque signature attached to the call (generate-content `thoughtSignature`). */
  signature: z.optional(OpaqueState),
  /** Format-specific fields. */
  extensions: z.optional(Extensions),
});
/** A function call by the assistant; see {@link ToolCallPart}. */
export type ToolCallPart = z.infer<typeof ToolCallPart>;
