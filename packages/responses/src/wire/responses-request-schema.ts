import { compiledLooseObject } from "@interlingua/core";
import * as z from "zod/mini";
import { ResponsesItem } from "./responses-item-schema";
import { ResponsesTextFormat, ResponsesTool, ResponsesToolChoice } from "./responses-tool-schema";

const summaryMode = z.nullish(z.enum(["auto", "concise", "detailed"]));

/** `metadata`: up to 16 pairs, keys up to 64 characters, values up to 512. */
export const ResponsesMetadata = z
  .record(
    z.string().check(z.maxLength(64, "metadata keys are at most 64 characters")),
    z.string().check(z.maxLength(512, "metadata values are at most 512 characters")),
  )
  .check(
    z.refine((metadata) => Object.keys(metadata).length <= 16, {
      message: "metadata holds at most 16 pairs",
    }),
  );

/** What `include` may ask for: the seed's four values and those the vendor spec adds. */
export const ResponsesIncludable = z.enum([
  "file_search_call.results",
  "message.input_image.image_url",
  "computer_call_output.output.image_url",
  "reasoning.encrypted_content",
  "web_search_call.results",
  "web_search_call.action.sources",
  "code_interpreter_call.outputs",
  "message.output_text.logprobs",
]);

/** The service tiers a request may ask for (the spec's `ServiceTierResponses`). */
export const ResponsesServiceTier = z.enum([
  "auto",
  "default",
  "flex",
  "scale",
  "priority",
  "fast",
  "ultrafast",
]);

/**
 * An identifier of the caller's end user or cache bucket: at most 64 characters, the API's limit
 * (the spec states it for `safety_identifier`; the API enforces it on `user` and `prompt_cache_key` too).
 */
const ResponsesIdentifier = z
  .string()
  .check(z.maxLength(64, "string too long. Expected a string with maximum length 64"));

/** The body of `POST /v1/responses`, with the format's rules. Unknown fields are accepted and kept. */
export const ResponsesRequest = compiledLooseObject({
  model: z.string().check(z.minLength(1)),
  input: z.union([z.string(), z.array(ResponsesItem)]),
  include: z.nullish(z.array(ResponsesIncludable)),
  instructions: z.nullish(z.string()),
  max_output_tokens: z.nullish(z.int().check(z.minimum(16, "must be at least 16"))),
  metadata: z.nullish(ResponsesMetadata),
  parallel_tool_calls: z.nullish(z.boolean()),
  previous_response_id: z.nullish(z.string()),
  reasoning: z.nullish(
    compiledLooseObject({
      effort: z.nullish(z.string()),
      summary: summaryMode,
      generate_summary: summaryMode,
    }),
  ),
  prompt_cache_key: z.nullish(ResponsesIdentifier),
  safety_identifier: z.nullish(ResponsesIdentifier),
  service_tier: z.nullish(ResponsesServiceTier),
  store: z.nullish(z.boolean()),
  stream: z.nullish(z.boolean()),
  temperature: z.nullish(z.number().check(z.minimum(0)).check(z.maximum(2))),
  text: z.nullish(compiledLooseObject({ format: z.optional(ResponsesTextFormat) })),
  tool_choice: z.optional(ResponsesToolChoice),
  tools: z.optional(z.array(ResponsesTool)),
  top_p: z.nullish(z.number().check(z.minimum(0)).check(z.maximum(1))),
  top_logprobs: z.nullish(z.int().check(z.minimum(0)).check(z.maximum(20))),
  truncation: z.nullish(z.enum(["auto", "disabled"])),
  user: z.optional(ResponsesIdentifier),
});
/** A request body; see {@link ResponsesRequest}. */
export type ResponsesRequest = z.infer<typeof ResponsesRequest>;
