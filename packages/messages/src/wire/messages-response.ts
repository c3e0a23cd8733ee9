import { compiledLooseObject } from "@interlingua/core";
import * as z from "zod/mini";

/** Token counts as the format reports them: `input_tokens` excludes cache reads and writes. */
export const MessagesUsage = compiledLooseObject({
  input_tokens: z.nullish(z.number()),
  output_tokens: z.nullish(z.number()),
  cache_creation_input_tokens: z.nullish(z.number()),
  cache_read_input_tokens: z.nullish(z.number()),
});
/** Token counts; see {@link MessagesUsage}. */
export type MessagesUsage = z.infer<typeof MessagesUsage> & Record<string, unknown>;

/** A response content block: text, thinking, tool use, server tool use and results, and newer kinds. */
export const MessagesResponseContentBlock = compiledLooseObject({ type: z.string() });
/** A response content block; see {@link MessagesResponseContentBlock}. */
export type MessagesResponseContentBlock = z.infer<typeof MessagesResponseContentBlock> &
  Record<string, unknown>;

/** The non-streaming answer of `POST /v1/messages` (also the `message` of `message_start`). */
export const MessagesResponse = compiledLooseObject({
  id: z.string(),
  type: z.literal("message"),
  role: z.literal("assistant"),
  model: z.string(),
  content: z.array(MessagesResponseContentBlock),
  stop_reason: z.nullish(z.string()),
  stop_sequence: z.nullish(z.string()),
  usage: MessagesUsage,
});
/** A messages response body; see {@link MessagesResponse}. */
export type MessagesResponse = z.infer<typeof MessagesResponse> & Record<string, unknown>;
