import * as z from "zod";

/** A text content part. */
const TextContentPart = z.looseObject({ type: z.literal("text"), text: z.string() });

/** An image content part: a URL or a `data:` URL, with the detail wanted. */
const ImageContentPart = z.looseObject({
  type: z.literal("image_url"),
  image_url: z.looseObject({ url: z.string(), detail: z.enum(["auto", "low", "high"]).optional() }),
});

/** An audio content part: base64 data and its format. */
const AudioContentPart = z.looseObject({
  type: z.literal("input_audio"),
  input_audio: z.looseObject({ data: z.string(), format: z.string() }),
});

/** A file content part: inline data (a `data:` URL), or an uploaded file's id. */
const FileContentPart = z.looseObject({
  type: z.literal("file"),
  file: z.looseObject({
    file_data: z.string().optional(),
    file_id: z.string().optional(),
    filename: z.string().optional(),
  }),
});

/** A refusal content part (assistant turns only). */
const RefusalContentPart = z.looseObject({ type: z.literal("refusal"), refusal: z.string() });

const textContent = z.union([z.string(), z.array(TextContentPart)]);

/** A function call of an assistant turn. */
export const ChatCompletionsToolCall = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.looseObject({ name: z.string(), arguments: z.string().optional() }),
});

const SystemMessage = z.looseObject({ role: z.enum(["system", "developer"]), content: textContent });
const UserMessage = z.looseObject({
  role: z.literal("user"),
  content: z.union([
    z.string(),
    z.array(
      z.discriminatedUnion("type", [TextContentPart, ImageContentPart, AudioContentPart, FileContentPart]),
    ),
  ]),
});
const AssistantMessage = z.looseObject({
  role: z.literal("assistant"),
  content: z.union([z.string(), z.array(z.union([TextContentPart, RefusalContentPart]))]).nullish(),
  refusal: z.string().nullish(),
  tool_calls: z.array(ChatCompletionsToolCall).nullish(),
  function_call: z.looseObject({ name: z.string(), arguments: z.string() }).nullish(),
});
const ToolMessage = z.looseObject({
  role: z.literal("tool"),
  content: textContent,
  tool_call_id: z.string(),
});
const FunctionMessage = z.looseObject({
  role: z.literal("function"),
  name: z.string(),
  content: z.string().nullable(),
});

/** One message of the conversation, by role. */
export const ChatCompletionsMessage = z.discriminatedUnion("role", [
  SystemMessage,
  UserMessage,
  AssistantMessage,
  ToolMessage,
  FunctionMessage,
]);

/** A function tool (other tool types, such as `custom`, are kept as they are). */
export const ChatCompletionsTool = z.union([
  z.looseObject({
    type: z.literal("function"),
    function: z.looseObject({
      name: z.string().min(1),
      description: z.string().optional(),
      parameters: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullish(),
    }),
  }),
  z.looseObject({ type: z.string().refine((type) => type !== "function") }),
]);

/** `tool_choice`: a mode, a named function, a named custom tool, or a set of allowed tools. */
export const ChatCompletionsToolChoice = z.union([
  z.enum(["none", "auto", "required"]),
  z.looseObject({ type: z.literal("function"), function: z.looseObject({ name: z.string() }) }),
  z.looseObject({ type: z.literal("custom"), custom: z.looseObject({ name: z.string() }) }),
  z.looseObject({
    type: z.literal("allowed_tools"),
    allowed_tools: z.looseObject({
      mode: z.enum(["auto", "required"]),
      tools: z.array(z.looseObject({ type: z.string() })),
    }),
  }),
]);

/** `response_format`: text, any JSON object, or JSON matching a schema. */
export const ChatCompletionsResponseFormat = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text") }),
  z.looseObject({ type: z.literal("json_object") }),
  z.looseObject({
    type: z.literal("json_schema"),
    json_schema: z.looseObject({
      name: z.string(),
      description: z.string().optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullish(),
    }),
  }),
]);

/**
 * The body of `POST /v1/chat/completions`, with the ranges of the API reference and vendor spec,
 * and `stream_options` only with `stream`, `top_logprobs` only with `logprobs`, as the API
 * requires. Unknown fields (a compatible server's own settings) are accepted and kept.
 */
export const ChatCompletionsRequest = z
  .looseObject({
    model: z.string().min(1),
    messages: z.array(ChatCompletionsMessage).min(1, "messages must hold at least one message"),
    tools: z.array(ChatCompletionsTool).nullish(),
    tool_choice: ChatCompletionsToolChoice.nullish(),
    parallel_tool_calls: z.boolean().nullish(),
    response_format: ChatCompletionsResponseFormat.nullish(),
    max_tokens: z.number().int().min(1).nullish(),
    max_completion_tokens: z.number().int().min(1).nullish(),
    temperature: z.number().min(0).max(2).nullish(),
    top_p: z.number().min(0).max(1).nullish(),
    stop: z.union([z.string(), z.array(z.string()).max(4, "stop holds at most 4 sequences")]).nullish(),
    n: z.number().int().min(1).max(128).nullish(),
    seed: z.number().int().nullish(),
    presence_penalty: z.number().min(-2).max(2).nullish(),
    frequency_penalty: z.number().min(-2).max(2).nullish(),
    logit_bias: z.record(z.string(), z.number().min(-100).max(100)).nullish(),
    logprobs: z.boolean().nullish(),
    top_logprobs: z.number().int().min(0).max(20).nullish(),
    reasoning_effort: z.string().nullish(),
    modalities: z.array(z.enum(["text", "audio"])).nullish(),
    audio: z.looseObject({ voice: z.unknown(), format: z.string() }).nullish(),
    store: z.boolean().nullish(),
    metadata: z.record(z.string().max(64), z.string().max(512)).nullish(),
    user: z.string().nullish(),
    service_tier: z.string().nullish(),
    stream: z.boolean().nullish(),
    stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
    web_search_options: z.looseObject({}).nullish(),
  })
  // Two rules the API enforces across fields, with its own messages.
  .refine((body) => body.stream_options == null || body.stream === true, {
    message: "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
    path: ["stream_options"],
  })
  .refine((body) => body.top_logprobs == null || body.logprobs === true, {
    message: "'logprobs' must be set to true if 'top_logprobs' is set.",
    path: ["top_logprobs"],
  });
/** A request body; see {@link ChatCompletionsRequest}. */
export type ChatCompletionsRequest = z.infer<typeof ChatCompletionsRequest>;
