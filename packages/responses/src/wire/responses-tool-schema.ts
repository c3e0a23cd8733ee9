import { compiledLooseObject } from "@interlingua/core";
import * as z from "zod/mini";

/** A file-search filter: a comparison (`key` `type` `value`) or a compound of filters (`and` / `or`). */
export const ResponsesFileSearchFilter: z.ZodMiniType<unknown> = z.lazy(() =>
  z.union([
    compiledLooseObject({
      type: z.enum(["eq", "ne", "gt", "gte", "lt", "lte", "in", "nin"]),
      key: z.string(),
      value: z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]),
    }),
    compiledLooseObject({ type: z.enum(["and", "or"]), filters: z.array(ResponsesFileSearchFilter) }),
  ]),
);

/** A caller-defined function tool. */
export const ResponsesFunctionTool = compiledLooseObject({
  type: z.literal("function"),
  name: z.string().check(z.minLength(1)),
  description: z.nullish(z.string()),
  parameters: z.nullable(z.record(z.string(), z.unknown())),
  strict: z.nullish(z.boolean()),
});

/** The hosted file search tool. */
export const ResponsesFileSearchTool = compiledLooseObject({
  type: z.literal("file_search"),
  vector_store_ids: z.array(z.string()),
  max_num_results: z.optional(z.int().check(z.minimum(1)).check(z.maximum(50))),
  ranking_options: z.optional(
    compiledLooseObject({
      ranker: z.optional(z.string()),
      score_threshold: z.optional(z.number().check(z.minimum(0)).check(z.maximum(1))),
    }),
  ),
  filters: z.nullish(ResponsesFileSearchFilter),
});

/** Where the user is, roughly, for web search. */
export const ResponsesUserLocation = compiledLooseObject({
  type: z.literal("approximate"),
  city: z.nullish(z.string()),
  country: z.nullish(z.string()),
  region: z.nullish(z.string()),
  timezone: z.nullish(z.string()),
});

/** The hosted web search tool (preview and its dated variant). */
export const ResponsesWebSearchPreviewTool = compiledLooseObject({
  type: z.enum(["web_search_preview", "web_search_preview_2025_03_11"]),
  search_context_size: z.optional(z.enum(["low", "medium", "high"])),
  user_location: z.nullish(ResponsesUserLocation),
  domains: z.optional(z.array(z.string())),
});

/** The computer-use tool. */
export const ResponsesComputerUseTool = compiledLooseObject({
  type: z.literal("computer_use_preview"),
  display_width: z.int(),
  display_height: z.int(),
  environment: z.string(),
});

/** Tool types this codec maps; others pass through untouched. */
export const responsesKnownToolTypes = [
  "function",
  "file_search",
  "web_search_preview",
  "web_search_preview_2025_03_11",
  "computer_use_preview",
] as const;

/** Any tool in a request's `tools` list. */
export const ResponsesTool = z.union([
  z.discriminatedUnion("type", [
    ResponsesFunctionTool,
    ResponsesFileSearchTool,
    ResponsesWebSearchPreviewTool,
    ResponsesComputerUseTool,
  ]),
  compiledLooseObject({
    type: z
      .string()
      .check(
        z.refine((type) => !(responsesKnownToolTypes as readonly string[]).includes(type), { abort: true }),
      ),
  }),
]);
/** A tool; see {@link ResponsesTool}. */
export type ResponsesTool = z.infer<typeof ResponsesTool>;

const responsesKnownToolChoiceTypes = [...responsesKnownToolTypes, "allowed_tools"] as const;

/** `tool_choice`: a mode string, a hosted tool type, a named function, or an allowed-tools list. */
export const ResponsesToolChoice = z.union([
  z.enum(["none", "auto", "required"]),
  compiledLooseObject({
    type: z.enum([
      "file_search",
      "web_search_preview",
      "web_search_preview_2025_03_11",
      "computer_use_preview",
    ]),
  }),
  compiledLooseObject({ type: z.literal("function"), name: z.string() }),
  compiledLooseObject({
    type: z.literal("allowed_tools"),
    mode: z.enum(["auto", "required"]),
    tools: z.array(compiledLooseObject({ type: z.string() })),
  }),
  compiledLooseObject({
    type: z.string().check(
      z.refine((type) => !(responsesKnownToolChoiceTypes as readonly string[]).includes(type), {
        abort: true,
      }),
    ),
  }),
]);
/** A tool choice; see {@link ResponsesToolChoice}. */
export type ResponsesToolChoice = z.infer<typeof ResponsesToolChoice>;

/** `text.format`: plain text, a JSON Schema, or (older) any JSON object. */
export const ResponsesTextFormat = z.discriminatedUnion("type", [
  compiledLooseObject({ type: z.literal("text") }),
  compiledLooseObject({
    type: z.literal("json_schema"),
    name: z
      .string()
      .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1 to 64 letters, digits, underscores or dashes")),
    schema: z.record(z.string(), z.unknown()),
    description: z.optional(z.string()),
    strict: z.nullish(z.boolean()),
  }),
  compiledLooseObject({ type: z.literal("json_object") }),
]);
