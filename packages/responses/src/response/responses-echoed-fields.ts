/**
 * The fields of a response object that are not the answer's own: `object`, and the request settings
 * it echoes (the Response object of the OpenAI API reference repeats `instructions`, `tools`,
 * `temperature`, ...): what the caller sent, not what the model answered, so a client of another
 * format, whole or streamed, loses nothing when they are left out. The tier that actually served the
 * answer (`service_tier`), `billing`, `completed_at` and the rest are the answer's own.
 */
export const responsesEchoedFields: ReadonlySet<string> = new Set([
  "object",
  "background",
  "conversation",
  "instructions",
  "max_output_tokens",
  "max_tool_calls",
  "metadata",
  "parallel_tool_calls",
  "previous_response_id",
  "prompt",
  "prompt_cache_key",
  "prompt_cache_retention",
  "reasoning",
  "safety_identifier",
  "store",
  "temperature",
  "text",
  "tool_choice",
  "tools",
  "top_logprobs",
  "top_p",
  "truncation",
  "user",
]);
