import type { SpecAllowance } from "./spec-allowance";
import { makeOptional, propertiesOf, type SpecSchema } from "./spec-schemas";

/** The SPEC-NOTES.md allowances of the OpenAI chat-completions spec. */
export const chatCompletionsSpecAllowances: readonly SpecAllowance[] = [
  {
    name: "null-system-fingerprint",
    description: "`system_fingerprint` is `null` on many models, on answers and chunks.",
    modes: "both",
    apply(schemas) {
      for (const name of ["CreateChatCompletionResponse", "CreateChatCompletionStreamResponse"])
        propertiesOf(schemas, name).system_fingerprint = { anyOf: [{ type: "string" }, { type: "null" }] };
    },
  },
  {
    name: "annotations-in-stream-delta",
    description:
      "A stream's citations arrive as `annotations` on a delta (web search models), which the delta schema lacks.",
    modes: "both",
    apply(schemas) {
      propertiesOf(schemas, "ChatCompletionStreamResponseDelta").annotations = structuredClone(
        propertiesOf(schemas, "ChatCompletionResponseMessage").annotations as SpecSchema,
      );
    },
  },
  {
    name: "audio-in-stream-delta",
    description:
      "Audio models stream their spoken answer as `audio` fragments on deltas (openai/openai-openapi#577), which the delta schema lacks.",
    modes: "both",
    apply(schemas) {
      propertiesOf(schemas, "ChatCompletionStreamResponseDelta").audio = {
        type: "object",
        properties: {
          id: { type: "string" },
          data: { type: "string" },
          transcript: { type: "string" },
          expires_at: { type: "integer" },
        },
      };
    },
  },
  {
    name: "reasoning-in-answers",
    description:
      "Answers and deltas carry reasoning as `reasoning_content` (DeepSeek, vLLM, llama.cpp) or `reasoning` with `reasoning_details` (OpenRouter, Ollama).",
    modes: "both",
    apply(schemas) {
      const reasoning = {
        reasoning_content: { anyOf: [{ type: "string" }, { type: "null" }] },
        reasoning: { anyOf: [{ type: "string" }, { type: "null" }] },
        reasoning_details: { type: "array", items: { type: "object" } },
      };
      Object.assign(propertiesOf(schemas, "ChatCompletionResponseMessage"), structuredClone(reasoning));
      Object.assign(propertiesOf(schemas, "ChatCompletionStreamResponseDelta"), structuredClone(reasoning));
    },
  },
  {
    name: "absent-logprobs-and-refusal",
    description:
      "`choices[].logprobs` is left out by models without logprobs support, and `message.refusal` by older models (decode only; we send both).",
    modes: "received",
    apply(schemas) {
      makeOptional(
        propertiesOf(schemas, "CreateChatCompletionResponse").choices?.items as SpecSchema,
        "logprobs",
      );
      makeOptional(schemas.ChatCompletionResponseMessage as SpecSchema, "refusal");
    },
  },
];
