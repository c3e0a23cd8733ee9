import * as z from "zod/mini";
import { CacheHint } from "./cache-hint";
import { Extensions } from "./extensions";

/** A JSON Schema document (draft 2020-12 unless the format says otherwise). */
export const JsonSchema = z.record(z.string(), z.unknown());
/** A JSON Schema document; see {@link JsonSchema}. */
export type JsonSchema = z.infer<typeof JsonSchema>;

/** A function the caller implements; the model calls it with arguments matching `inputSchema`. */
export const FunctionTool = z.object({
  type: z.literal("function"),
  /** Tool name the model uses in its calls. */
  name: z.string(),
  /** What the tool does, for the model. */
  description: z.optional(z.string()),
  /** JSON Schema of the arguments object. */
  inputSchema: JsonSchema,
  /** Whether the backend must follow the schema exactly (responses `strict`). */
  strict: z.optional(z.boolean()),
  /** Prompt-caching breakpoint after this tool. */
  cache: z.optional(CacheHint),
  /** Format-specific fields. */
  extensions: z.optional(Extensions),
});
/** A caller-implemented function; see {@link FunctionTool}. */
export type FunctionTool = z.infer<typeof FunctionTool>;

/**
 * A tool the vendor defines: hosted ones it runs itself and built-in client tools with a fixed
 * schema. `kind` names it across formats; `settings` holds its options in camelCase:
 * - `web_search`: `maxUses`, `allowedDomains`, `blockedDomains`, `userLocation` (a `UserLocation`),
 *   `searchContextSize`
 * - `file_search`: `vectorStoreIds`, `maxNumResults`, `rankingOptions`, `filters`
 * - `computer`: `displayWidth`, `displayHeight`, `displayNumber`, `environment`
 * - `code_execution`, `bash`, `text_editor`, `url_context`: none required
 */
export const HostedTool = z.object({
  type: z.literal("hosted"),
  /** Which tool. */
  kind: z.enum([
    "web_search",
    "file_search",
    "code_execution",
    "computer",
    "bash",
    "text_editor",
    "url_context",
    "other",
  ]),
  /** The name the model uses for it, where the format names tools (`str_replace_editor`). */
  name: z.optional(z.string()),
  /** The vendor's dated version tag (`computer_20241022`, `web_search_preview_2025_03_11`). */
  version: z.optional(z.string()),
  /** Tool options, camelCase; see the list above. */
  settings: z.optional(z.record(z.string(), z.unknown())),
  /** Prompt-caching breakpoint after this tool. */
  cache: z.optional(CacheHint),
  /** Format-specific fields. */
  extensions: z.optional(Extensions),
});
/** A vendor-defined tool; see {@link HostedTool}. */
export type HostedTool = z.infer<typeof HostedTool>;

/** Any tool offered to the model. */
export const Tool = z.discriminatedUnion("type", [FunctionTool, HostedTool]);
/** Any tool; see {@link Tool}. */
export type Tool = z.infer<typeof Tool>;
