import * as z from "zod";

/** A file-search filter: a comparison (`key` `type` `value`) or a compound of filters (`and` / `or`). */
export const ResponsesFileSearchFilter: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.looseObject({
      type: z.enum(["eq", "ne", "gt", "gte", "lt", "lte", "in", "nin"]),
      key: z.string(),
      value: z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]),
    }),
    z.looseObject({ type: z.enum(["and", "or"]), filters: z.array(ResponsesFileSearchFilter) }),
  ]),
);

/** A caller-defined function tool. */
export const ResponsesFunctionTool = z.looseObject({
  type: z.literal("function"),
  name: z.string().min(1),
  description: z.string().nullish(),
  parameters: z.record(z.string(), z.unknown()).nullable(),
  strict: z.boolean().nullish(),
});

/** The hosted file search tool. */
export const ResponsesFileSearchTool = z.looseObject({
  type: z.literal("file_search"),
  vector_store_ids: z.array(z.string()),
  max_num_results: z.number().int().min(1).max(50).optional(),
  ranking_options: z
    .looseObject({ ranker: z.string().optional(), score_threshold: z.number().min(0).max(1).optional() })
    .optional(),
  filters: ResponsesFileSearchFilter.nullish(),
});

/** Where the user is, roughly, for web search. */
export const ResponsesUserLocation = z.looseObject({
  type: z.literal("approximate"),
  city: z.string().nullish(),
  country: z.string().nullish(),
  region: z.string().nullish(),
  timezone: z.string().nullish(),
});

/** The hosted web search tool (preview and its dated variant). */
export const ResponsesWebSearchPreviewTool = z.looseObject({
  type: z.enum(["web_search_preview", "web_search_preview_2025_03_11"]),
  search_context_size: z.enum(["low", "medium", "high"]).optional(),
  user_location: ResponsesUserLocation.nullish(),
  domains: z.array(z.string()).optional(),
});

/** The computer-use tool. */
export const ResponsesComputerUseTool = z.looseObject({
  type: z.literal("computer_use_preview"),
  display_width: z.number().int(),
  display_height: z.number().int(),
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
  z.looseObject({
    type: z
      .string()
      .refine((type) => !(responsesKnownToolTypes as readonly string[]).includes(type), { abort: true }),
  }),
]);
/** A tool; see {@link ResponsesTool}. */
export type ResponsesTool = z.infer<typeof ResponsesTool>;

const responsesKnownToolChoiceTypes = [...responsesKnownToolTypes, "allowed_tools"] as const;

/** `tool_choice`: a mode string, a hosted tool type, a named function, or an allowed-tools list. */
export const ResponsesToolChoice = z.union([
  z.enum(["none", "auto", "required"]),
  z.looseObject({
    type: z.enum([
      "file_search",
      "web_search_preview",
      "web_search_preview_2025_03_11",
      "computer_use_preview",
    ]),
  }),
  z.looseObject({ type: z.literal("function"), name: z.string() }),
  z.looseObject({
    type: z.literal("allowed_tools"),
    mode: z.enum(["auto", "required"]),
    tools: z.array(z.looseObject({ type: z.string() })),
  }),
  z.looseObject({
    type: z.string().refine((type) => !(responsesKnownToolChoiceTypes as readonly string[]).includes(type), {
      abort: true,
    }),
  }),
]);
/** A tool choice; see {@link ResponsesToolChoice}. */
export type ResponsesToolChoice = z.infer<typeof ResponsesToolChoice>;

/** `text.format`: plain text, a JSON Schema, or (older) any JSON object. */
export const ResponsesTextFormat = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text") }),
  z.looseObject({
    type: z.literal("json_schema"),
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1 to 64 letters, digits, underscores or dashes"),
    schema: z.record(z.string(), z.unknown()),
    description: z.string().optional(),
    strict: z.boolean().nullish(),
  }),
  z.looseObject({ type: z.literal("json_object") }),
]);
