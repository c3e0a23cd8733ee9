import { compiledLooseObject } from "@interlingua/core";
import * as z from "zod/mini";

/** Token counts: `prompt_tokens` includes cached tokens, `completion_tokens` reasoning tokens. */
export const ChatCompletionsUsage = compiledLooseObject({
  prompt_tokens: z.optional(z.int()),
  completion_tokens: z.optional(z.int()),
  total_tokens: z.optional(z.int()),
  prompt_tokens_details: z.nullish(compiledLooseObject({ cached_tokens: z.nullish(z.int()) })),
  completion_tokens_details: z.nullish(compiledLooseObject({ reasoning_tokens: z.nullish(z.int()) })),
});
/** Usage; see {@link ChatCompletionsUsage}. */
export type ChatCompletionsUsage = z.infer<typeof ChatCompletionsUsage>;

/** A whole answer (`object: "chat.completion"`). Read loosely. */
export const ChatCompletionsResponse = compiledLooseObject({
  id: z.string(),
  object: z.optional(z.string()),
  created: z.optional(z.number()),
  model: z.string(),
  choices: z.array(
    compiledLooseObject({
      index: z.optional(z.int()),
      message: compiledLooseObject({}),
      finish_reason: z.nullish(z.string()),
    }),
  ),
  usage: z.nullish(ChatCompletionsUsage),
});
/** A whole answer; see {@link ChatCompletionsResponse}. */
export type ChatCompletionsResponse = z.infer<typeof ChatCompletionsResponse>;

/** One stream chunk (`object: "chat.completion.chunk"`), or a mid-stream `{error}`. Read loosely. */
export const ChatCompletionsChunk = compiledLooseObject({
  id: z.optional(z.string()),
  choices: z.optional(
    z.array(compiledLooseObject({ index: z.optional(z.int()), delta: z.nullish(compiledLooseObject({})) })),
  ),
  usage: z.nullish(ChatCompletionsUsage),
  error: z.optional(compiledLooseObject({ message: z.string() })),
});
/** A stream chunk; see {@link ChatCompletionsChunk}. */
export type ChatCompletionsChunk = z.infer<typeof ChatCompletionsChunk>;

/** The format's error body, `{error: {message, type, param, code}}` (OpenAI's envelope). */
export const ChatCompletionsErrorBody = compiledLooseObject({
  error: compiledLooseObject({
    message: z.string(),
    type: z.string(),
    param: z.nullable(z.string()),
    code: z.nullable(z.string()),
  }),
});
/** An error body; see {@link ChatCompletionsErrorBody}. */
export type ChatCompletionsErrorBody = z.infer<typeof ChatCompletionsErrorBody>;
