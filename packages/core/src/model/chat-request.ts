import * as z from "zod/mini";
import { Extensions } from "./extensions";
import { Instruction } from "./instruction";
import { Message } from "./message";
import { Modality } from "./modality";
import { OutputFormat } from "./output-format";
import { ReasoningConfig } from "./reasoning-config";
import { SafetySetting } from "./safety-setting";
import { SpeechConfig } from "./speech-config";
import { Tool } from "./tool";
import { ToolChoice } from "./tool-choice";

/** A request for the model's next turn, in the format-neutral model every codec converts to. */
export const ChatRequest = z.object({
  /** Model name as the caller gave it (routing may rename it upstream). */
  model: z.string(),
  /** System / developer instructions before the conversation. */
  instructions: z.optional(z.array(Instruction)),
  /** The conversation so far. */
  messages: z.array(Message),
  /** Tools offered to the model. */
  tools: z.optional(z.array(Tool)),
  /** Whether and which tools the model must use. */
  toolChoice: z.optional(ToolChoice),
  /** Whether the model may call several tools in one turn. */
  parallelToolCalls: z.optional(z.boolean()),
  /** Upper bound on generated tokens (reasoning included where the format counts it). */
  maxOutputTokens: z.optional(z.int()),
  /** Sampling temperature. */
  temperature: z.optional(z.number()),
  /** Nucleus sampling mass. */
  topP: z.optional(z.number()),
  /** Top-k sampling. */
  topK: z.optional(z.int()),
  /** Strings that end generation when produced. */
  stopSequences: z.optional(z.array(z.string())),
  /** Sampling seed. */
  seed: z.optional(z.int()),
  /** Presence penalty. */
  presencePenalty: z.optional(z.number()),
  /** Frequency penalty. */
  frequencyPenalty: z.optional(z.number()),
  /** Number of alternative responses to generate. */
  candidateCount: z.optional(z.int()),
  /** Whether to return log probabilities of the chosen tokens. */
  logprobs: z.optional(z.boolean()),
  /** How many top alternatives to return per token with `logprobs`. */
  topLogprobs: z.optional(z.int()),
  /** Shape of the text output. */
  outputFormat: z.optional(OutputFormat),
  /** Reasoning settings. */
  reasoning: z.optional(ReasoningConfig),
  /** Kinds of output requested (text, image, audio). */
  outputModalities: z.optional(z.array(Modality)),
  /** Voice settings for audio output. */
  speech: z.optional(SpeechConfig),
  /** Input media resolution (`low`, `medium`, `high`). */
  mediaResolution: z.optional(z.string()),
  /** Content-safety thresholds. */
  safetySettings: z.optional(z.array(SafetySetting)),
  /** Id of an earlier stored response this one continues. */
  previousResponseId: z.optional(z.string()),
  /** Whether the exchange should be stored for later `previousResponseId` use. */
  store: z.optional(z.boolean()),
  /** A reference to server-side cached content (generate-content `cachedContent`). */
  cachedContent: z.optional(z.string()),
  /** A key grouping requests of one shared prompt prefix for the prompt cache (OpenAI `prompt_cache_key`). */
  promptCacheKey: z.optional(z.string()),
  /** A stable id of the end user for abuse detection, hashed by the caller (OpenAI `safety_identifier`). */
  safetyIdentifier: z.optional(z.string()),
  /** Caller metadata, string to string. */
  metadata: z.optional(z.record(z.string(), z.string())),
  /** Opaque end-user id for abuse monitoring. */
  user: z.optional(z.string()),
  /** Processing tier (`auto`, `default`, `flex`, ...). */
  serviceTier: z.optional(z.string()),
  /** What to do when the context is too long: drop from the middle, or fail. */
  truncation: z.optional(z.enum(["auto", "disabled"])),
  /** Whether the caller wants a stream of events. */
  stream: z.optional(z.boolean()),
  /** Format-specific fields. */
  extensions: z.optional(Extensions),
});
/** A format-neutral chat request; see {@link ChatRequest}. */
export type ChatRequest = z.infer<typeof ChatRequest>;
