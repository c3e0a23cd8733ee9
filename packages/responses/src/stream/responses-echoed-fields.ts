/**
 * The fields of a response object that are not the answer's own: `object`, and the request settings
 * it echoes (the API's `Response` repeats these `CreateResponse` fields). In an exchange they come
 * from the caller's own request, so a stream going to another format loses none of the answer with
 * them; every other field a `response.created` or `response.completed` carries beyond the canonical
 * ones (`service_tier`, `billing`, `completed_at`, ...) is the answer's, reported when dropped.
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
