import * as z from "zod";

/** Token counts: `prompt_tokens` includes cached tokens, `completion_tokens` reasoning tokens. */
export const ChatCompletionsUsage = z.looseObject({
  prompt_tokens: z.number().int().optional(),
  completion_tokens: z.number().int().optional(),
  total_tokens: z.number().int().optional(),
  prompt_tokens_details: z.looseObject({ cached_tokens: z.number().int().nullish() }).nullish(),
  completion_tokens_details: z.looseObject({ reasoning_tokens: z.number().int().nullish() }).nullish(),
});
/** Usage; see {@link ChatCompletionsUsage}. */
export type ChatCompletionsUsage = z.infer<typeof ChatCompletionsUsage>;

/** A whole answer (`object: "chat.completion"`). Read loosely. */
export const ChatCompletionsResponse = z.looseObject({
  id: z.string(),
  object: z.string().optional(),
  created: z.number().optional(),
  model: z.string(),
  choices: z.array(
    z.looseObject({
      index: z.number().int().optional(),
      message: z.looseObject({}),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: ChatCompletionsUsage.nullish(),
});
/** A whole answer; see {@link ChatCompletionsResponse}. */
export type ChatCompletionsResponse = z.infer<typeof ChatCompletionsResponse>;

/** One stream chunk (`object: "chat.completion.chunk"`), or a mid-stream `{error}`. Read loosely. */
export const ChatCompletionsChunk = z.looseObject({
  id: z.string().optional(),
  choices: z
    .array(z.looseObject({ index: z.number().int().optional(), delta: z.looseObject({}).nullish() }))
    .optional(),
  usage: ChatCompletionsUsage.nullish(),
  error: z.looseObject({ message: z.string() }).optional(),
});
/** A stream chunk; see {@link ChatCompletionsChunk}. */
export type ChatCompletionsChunk = z.infer<typeof ChatCompletionsChunk>;

/** The format's error body, `{error: {message, type, param, code}}` (OpenAI's envelope). */
export const ChatCompletionsErrorBody = z.looseObject({
  error: z.looseObject({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});
/** An error body; see {@link ChatCompletionsErrorBody}. */
export type ChatCompletionsErrorBody = z.infer<typeof ChatCompletionsErrorBody>;
