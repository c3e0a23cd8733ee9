import { compiledLooseObject } from "@interlingua/core";
import * as z from "zod/mini";

/** A text content part. */
const TextContentPart = compiledLooseObject({ type: z.literal("text"), text: z.string() });

/** An image content part: a URL or a `data:` URL, with the detail wanted. */
const ImageContentPart = compiledLooseObject({
  type: z.literal("image_url"),
  image_url: compiledLooseObject({ url: z.string(), detail: z.optional(z.enum(["auto", "low", "high"])) }),
});

/** An audio content part: base64 data and its format. */
const AudioContentPart = compiledLooseObject({
  type: z.literal("input_audio"),
  input_audio: compiledLooseObject({ data: z.string(), format: z.string() }),
});

/** A file content part: inline data (a `data:` URL), or an uploaded file's id. */
const FileContentPart = compiledLooseObject({
  type: z.literal("file"),
  file: compiledLooseObject({
    file_data: z.optional(z.string()),
    file_id: z.optional(z.string()),
    filename: z.optional(z.string()),
  }),
});

/** A refusal content part (assistant turns only). */
const RefusalContentPart = compiledLooseObject({ type: z.literal("refusal"), refusal: z.string() });

const textContent = z.union([z.string(), z.array(TextContentPart)]);

/** A function call of an assistant turn. */
export const ChatCompletionsToolCall = compiledLooseObject({
  id: z.optional(z.string()),
  type: z.optional(z.string()),
  function: compiledLooseObject({ name: z.string(), arguments: z.optional(z.string()) }),
});

const SystemMessage = compiledLooseObject({ role: z.enum(["system", "developer"]), content: textContent });
const UserMessage = compiledLooseObject({
  role: z.literal("user"),
  content: z.union([
    z.string(),
    z.array(
      z.discriminatedUnion("type", [TextContentPart, ImageContentPart, AudioContentPart, FileContentPart]),
    ),
  ]),
});
const AssistantMessage = compiledLooseObject({
  role: z.literal("assistant"),
  content: z.nullish(z.union([z.string(), z.array(z.union([TextContentPart, RefusalContentPart]))])),
  refusal: z.nullish(z.string()),
  tool_calls: z.nullish(z.array(ChatCompletionsToolCall)),
  function_call: z.nullish(compiledLooseObject({ name: z.string(), arguments: z.string() })),
});
const ToolMessage = compiledLooseObject({
  role: z.literal("tool"),
  content: textContent,
  tool_call_id: z.string(),
});
const FunctionMessage = compiledLooseObject({
  role: z.literal("function"),
  name: z.string(),
  content: z.nullable(z.string()),
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
  compiledLooseObject({
    type: z.literal("function"),
    function: compiledLooseObject({
      name: z.string().check(z.minLength(1)),
      description: z.optional(z.string()),
      parameters: z.optional(z.record(z.string(), z.unknown())),
      strict: z.nullish(z.boolean()),
    }),
  }),
  compiledLooseObject({ type: z.string().check(z.refine((type) => type !== "function")) }),
]);

/** `tool_choice`: a mode, a named function, a named custom tool, or a set of allowed tools. */
export const ChatCompletionsToolChoice = z.union([
  z.enum(["none", "auto", "required"]),
  compiledLooseObject({ type: z.literal("function"), function: compiledLooseObject({ name: z.string() }) }),
  compiledLooseObject({ type: z.literal("custom"), custom: compiledLooseObject({ name: z.string() }) }),
  compiledLooseObject({
    type: z.literal("allowed_tools"),
    allowed_tools: compiledLooseObject({
      mode: z.enum(["auto", "required"]),
      tools: z.array(compiledLooseObject({ type: z.string() })),
    }),
  }),
]);

/** `response_format`: text, any JSON object, or JSON matching a schema. */
export const ChatCompletionsResponseFormat = z.discriminatedUnion("type", [
  compiledLooseObject({ type: z.literal("text") }),
  compiledLooseObject({ type: z.literal("json_object") }),
  compiledLooseObject({
    type: z.literal("json_schema"),
    json_schema: compiledLooseObject({
      name: z.string(),
      description: z.optional(z.string()),
      schema: z.optional(z.record(z.string(), z.unknown())),
      strict: z.nullish(z.boolean()),
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
    model: z.string().check(z.minLength(1)),
    messages: z
      .array(ChatCompletionsMessage)
      .check(z.minLength(1, "messages must hold at least one message")),
    tools: z.nullish(z.array(ChatCompletionsTool)),
    tool_choice: z.nullish(ChatCompletionsToolChoice),
    parallel_tool_calls: z.nullish(z.boolean()),
    response_format: z.nullish(ChatCompletionsResponseFormat),
    max_tokens: z.nullish(z.int().check(z.minimum(1))),
    max_completion_tokens: z.nullish(z.int().check(z.minimum(1))),
    temperature: z.nullish(z.number().check(z.minimum(0)).check(z.maximum(2))),
    top_p: z.nullish(z.number().check(z.minimum(0)).check(z.maximum(1))),
    stop: z.nullish(
      z.union([z.string(), z.array(z.string()).check(z.maxLength(4, "stop holds at most 4 sequences"))]),
    ),
    n: z.nullish(z.int().check(z.minimum(1)).check(z.maximum(128))),
    seed: z.nullish(z.int()),
    presence_penalty: z.nullish(z.number().check(z.minimum(-2)).check(z.maximum(2))),
    frequency_penalty: z.nullish(z.number().check(z.minimum(-2)).check(z.maximum(2))),
    logit_bias: z.nullish(z.record(z.string(), z.number().check(z.minimum(-100)).check(z.maximum(100)))),
    logprobs: z.nullish(z.boolean()),
    top_logprobs: z.nullish(z.int().check(z.minimum(0)).check(z.maximum(20))),
    reasoning_effort: z.nullish(z.string()),
    modalities: z.nullish(z.array(z.enum(["text", "audio"]))),
    audio: z.nullish(compiledLooseObject({ voice: z.unknown(), format: z.string() })),
    store: z.nullish(z.boolean()),
    metadata: z.nullish(z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(512)))),
    user: z.nullish(z.string()),
    service_tier: z.nullish(z.string()),
    stream: z.nullish(z.boolean()),
    stream_options: z.nullish(compiledLooseObject({ include_usage: z.optional(z.boolean()) })),
    web_search_options: z.nullish(compiledLooseObject({})),
  })
  .check(
    z.refine((body) => body.stream_options == null || body.stream === true, {
      message: "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
      path: ["stream_options"],
    }),
  )
  .check(
    z.refine((body) => body.top_logprobs == null || body.logprobs === true, {
      message: "'logprobs' must be set to true if 'top_logprobs' is set.",
      path: ["top_logprobs"],
    }),
  );
/** A request body; see {@link ChatCompletionsRequest}. */
export type ChatCompletionsRequest = z.infer<typeof ChatCompletionsRequest>;
