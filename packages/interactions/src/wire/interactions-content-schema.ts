import { compiledLooseObject } from "@interlingua/core";
import * as z from "zod/mini";

/** Any JSON object of the wire, fields kept. */
export const InteractionsObject = z.record(z.string(), z.unknown());

/** A content block (`TextContent`, `ImageContent`, `AudioContent`, `DocumentContent`, `VideoContent`). */
export const InteractionsContent = compiledLooseObject({
  type: z.string(),
  text: z.optional(z.string()),
  data: z.optional(z.string()),
  uri: z.optional(z.string()),
  mime_type: z.optional(z.string()),
  annotations: z.optional(z.array(InteractionsObject)),
});
/** A content block; see {@link InteractionsContent}. */
export type InteractionsContent = z.infer<typeof InteractionsContent>;

/**
 * One step of an interaction (`user_input`, `model_output`, `thought`, `function_call`,
 * `function_result`, and the hosted tools' `*_call` / `*_result` steps), checked only for its `type`:
 * each kind's fields are read by the decoders, unknown kinds and fields are kept.
 */
export const InteractionsStep = compiledLooseObject({ type: z.string() });
/** One step; see {@link InteractionsStep}. */
export type InteractionsStep = z.infer<typeof InteractionsStep>;

/** Token counts of an interaction (`Usage`): whole numbers (the API reference's `integer`). */
export const InteractionsUsage = compiledLooseObject({
  total_input_tokens: z.optional(z.int()),
  total_cached_tokens: z.optional(z.int()),
  total_output_tokens: z.optional(z.int()),
  total_thought_tokens: z.optional(z.int()),
  total_tool_use_tokens: z.optional(z.int()),
  total_tokens: z.optional(z.int()),
});
/** Token counts; see {@link InteractionsUsage}. */
export type InteractionsUsage = z.infer<typeof InteractionsUsage>;
