import { compiledLooseObject } from "@interlingua/core";
import * as z from "zod/mini";
import { MessagesRequestContentBlock, MessagesTextBlock } from "./messages-content-block";
import { MessagesToolChoice, MessagesToolDefinition } from "./messages-tool";

/**
 * One conversation turn: `user` or `assistant`, with a string or content blocks; or a `system`
 * message inside the conversation (the `mid-conversation-system-2026-04-07` beta that Claude Code
 * sends), whose content is text only (checked by the decoder).
 */
export const MessagesInputMessage = compiledLooseObject({
  role: z.enum(["user", "assistant", "system"], { error: "role must be user, assistant or system" }),
  content: z.union([z.string(), z.array(MessagesRequestContentBlock)]),
});
/** A conversation turn; see {@link MessagesInputMessage}. */
export type MessagesInputMessage = z.infer<typeof MessagesInputMessage>;

/** `thinking`: enabled with a budget of at least 1024 tokens, disabled, or adaptive. */
export const MessagesThinkingConfig = z.discriminatedUnion("type", [
  compiledLooseObject({
    type: z.literal("enabled"),
    budget_tokens: z.int().check(z.minimum(1024, "budget_tokens must be at least 1024")),
  }),
  compiledLooseObject({ type: z.literal("disabled") }),
  compiledLooseObject({ type: z.literal("adaptive") }),
]);

/** `output_config`: structured output format and effort. */
export const MessagesOutputConfig = compiledLooseObject({
  format: z.nullish(
    compiledLooseObject({ type: z.literal("json_schema"), schema: z.record(z.string(), z.unknown()) }),
  ),
  effort: z.nullish(z.string()),
});

/**
 * The body of `POST /v1/messages`, with the rules of the format's request table: `model` 1 to 256
 * characters, `metadata.user_id` at most 256, `temperature` and `top_p` within 0 to 1, `top_k` above
 * 0, thinking `budget_tokens` at least 1024 (and below `max_tokens`, checked by the decoder).
 */
export const MessagesRequest = compiledLooseObject({
  model: z
    .string()
    .check(z.minLength(1, "model must be 1 to 256 characters"))
    .check(z.maxLength(256, "model must be 1 to 256 characters")),
  max_tokens: z.int().check(z.minimum(0, "max_tokens must be a non-negative integer")),
  messages: z.array(MessagesInputMessage).check(z.minLength(1, "at least one message is required")),
  metadata: z.optional(
    compiledLooseObject({
      user_id: z.nullish(z.string().check(z.maxLength(256, "user_id must be at most 256 characters"))),
    }),
  ),
  stop_sequences: z.optional(z.array(z.string())),
  stream: z.optional(z.boolean()),
  system: z.optional(z.union([z.string(), z.array(MessagesTextBlock)])),
  temperature: z.optional(
    z
      .number()
      .check(z.minimum(0, "temperature must be within 0 and 1"))
      .check(z.maximum(1, "temperature must be within 0 and 1")),
  ),
  thinking: z.optional(MessagesThinkingConfig),
  tool_choice: z.optional(MessagesToolChoice),
  tools: z.optional(z.array(MessagesToolDefinition)),
  top_k: z.optional(z.int().check(z.minimum(1, "top_k must be greater than 0"))),
  top_p: z.optional(
    z
      .number()
      .check(z.minimum(0, "top_p must be within 0 and 1"))
      .check(z.maximum(1, "top_p must be within 0 and 1")),
  ),
  output_config: z.optional(MessagesOutputConfig),
  service_tier: z.optional(z.string()),
});
/** A messages request body; see {@link MessagesRequest}. */
export type MessagesRequest = z.infer<typeof MessagesRequest>;
