import { compiledLooseObject } from "@interlingua/core";
import * as z from "zod/mini";
import { InteractionsContent, InteractionsObject, InteractionsStep } from "./interactions-content-schema";

/**
 * A create request (`CreateModelInteraction` of `@google/genai` 3.x): `input` is a string, one
 * content block, a list of content blocks or a list of steps. Loose: fields this schema does not
 * name are kept by the decoder in extensions.
 */
export const InteractionsRequest = compiledLooseObject({
  model: z.string().check(z.minLength(1)),
  input: z.optional(
    z.union([z.string(), InteractionsContent, z.array(z.union([InteractionsStep, InteractionsContent]))]),
  ),
  system_instruction: z.optional(z.string()),
  // A function's `parameters` is a JSON Schema object; anything else is refused, not sent as `{}`.
  tools: z.optional(
    z.array(compiledLooseObject({ type: z.string(), parameters: z.optional(InteractionsObject) })),
  ),
  // The settings the decoder maps onto canonical ones are checked as the API types them.
  generation_config: z.optional(
    compiledLooseObject({
      // Gemini's ranges (GenerationConfig: temperature "can range from [0.0, 2.0]", top_p a
      // cumulative probability): the API refuses others, so the gateway does not send them on.
      temperature: z.optional(z.number().check(z.minimum(0), z.maximum(2))),
      top_p: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
      seed: z.optional(z.int()),
      max_output_tokens: z.optional(z.int()),
      stop_sequences: z.optional(z.array(z.string())),
    }),
  ),
  response_format: z.optional(z.union([InteractionsObject, z.array(InteractionsObject)])),
  response_mime_type: z.optional(z.string()),
  response_modalities: z.optional(z.array(z.string())),
  safety_settings: z.optional(z.array(compiledLooseObject({ type: z.string(), threshold: z.string() }))),
  service_tier: z.optional(z.string()),
  previous_interaction_id: z.optional(z.string()),
  store: z.optional(z.boolean()),
  background: z.optional(z.boolean()),
  stream: z.optional(z.boolean()),
  labels: z.optional(z.record(z.string(), z.string())),
  cached_content: z.optional(z.string()),
  webhook_config: z.optional(InteractionsObject),
});
/** A create request; see {@link InteractionsRequest}. */
export type InteractionsRequest = z.infer<typeof InteractionsRequest>;
