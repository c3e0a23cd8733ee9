import * as z from "zod";
import { ResponsesItem } from "./responses-item-schema";
import { ResponsesTextFormat, ResponsesTool, ResponsesToolChoice } from "./responses-tool-schema";

const summaryMode = z.enum(["auto", "concise", "detailed"]).nullish();

/** `metadata`: up to 16 pairs, keys up to 64 characters, values up to 512. */
export const ResponsesMetadata = z
  .record(
    z.string().max(64, "metadata keys are at most 64 characters"),
    z.string().max(512, "metadata values are at most 512 characters"),
  )
  .refine((metadata) => Object.keys(metadata).length <= 16, { message: "metadata holds at most 16 pairs" });

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
const ResponsesIdentifier = z.string().max(64, "string too long. Expected a string with maximum length 64");

/** The body of `POST /v1/responses`, with the format's rules. Unknown fields are accepted and kept. */
export const ResponsesRequest = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(ResponsesItem)]),
  include: z.array(ResponsesIncludable).nullish(),
  instructions: z.string().nullish(),
  max_output_tokens: z.number().int().min(16, "must be at least 16").nullish(),
  metadata: ResponsesMetadata.nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  previous_response_id: z.string().nullish(),
  reasoning: z
    .looseObject({ effort: z.string().nullish(), summary: summaryMode, generate_summary: summaryMode })
    .nullish(),
  prompt_cache_key: ResponsesIdentifier.nullish(),
  safety_identifier: ResponsesIdentifier.nullish(),
  service_tier: ResponsesServiceTier.nullish(),
  store: z.boolean().nullish(),
  stream: z.boolean().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  text: z.looseObject({ format: ResponsesTextFormat.optional() }).nullish(),
  tool_choice: ResponsesToolChoice.optional(),
  tools: z.array(ResponsesTool).optional(),
  top_p: z.number().min(0).max(1).nullish(),
  truncation: z.enum(["auto", "disabled"]).nullish(),
  user: ResponsesIdentifier.optional(),
});
/** A request body; see {@link ResponsesRequest}. */
export type ResponsesRequest = z.infer<typeof ResponsesRequest>;
