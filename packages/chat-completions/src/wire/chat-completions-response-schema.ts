import * as z from "zod/mini";

/** Token counts: `prompt_tokens` includes cached tokens, `completion_tokens` reasoning tokens. */
export const ChatCompletionsUsage = z.looseObject({
  prompt_tokens: z.optional(z.int()),
  completion_tokens: z.optional(z.int()),
  total_tokens: z.optional(z.int()),
  prompt_tokens_details: z.nullish(z.looseObject({ cached_tokens: z.nullish(z.int()) })),
  completion_tokens_details: z.nullish(z.looseObject({ reasoning_tokens: z.nullish(z.int()) })),
});
/** Usage; see {@link ChatCompletionsUsage}. */
export type ChatCompletionsUsage = z.infer<typeof ChatCompletionsUsage>;

/** A whole answer (`object: "chat.completion"`). Read loosely. */
export const ChatCompletionsResponse = z.looseObject({
  id: z.string(),
  object: z.optional(z.string()),
  created: z.optional(z.number()),
  model: z.string(),
  choices: z.array(
    z.looseObject({
      index: z.optional(z.int()),
      message: z.looseObject({}),
      finish_reason: z.nullish(z.string()),
    }),
  ),
  usage: z.nullish(ChatCompletionsUsage),
});
/** A whole answer; see {@link ChatCompletionsResponse}. */
export type ChatCompletionsResponse = z.infer<typeof ChatCompletionsResponse>;

/** One stream chunk (`object: "chat.completion.chunk"`), or a mid-stream `{error}`. Read loosely. */
export const ChatCompletionsChunk = z.looseObject({
  id: z.optional(z.string()),
  choices: z.optional(
    z.array(z.looseObject({ index: z.optional(z.int()), delta: z.nullish(z.looseObject({})) })),
  ),
  usage: z.nullish(ChatCompletionsUsage),
  error: z.optional(z.looseObject({ message: z.string() })),
});
/** A stream chunk; see {@link ChatCompletionsChunk}. */
export type ChatCompletionsChunk = z.infer<typeof ChatCompletionsChunk>;

/** The format's error body, `{error: {message, type, param, code}}` (OpenAI's envelope). */
export const ChatCompletionsErrorBody = z.looseObject({
  error: z.looseObject({
    message: z.string(),
    type: z.string(),
    param: z.nullable(z.string()),
    code: z.nullable(z.string()),
  }),
});
/** An error body; see {@link ChatCompletionsErrorBody}. */
export type ChatCompletionsErrorBody = z.infer<typeof ChatCompletionsErrorBody>;
