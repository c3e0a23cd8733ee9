import * as z from "zod";
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
  instructions: z.array(Instruction).optional(),
  /** The conversation so far. */
  messages: z.array(Message),
  /** Tools offered to the model. */
  tools: z.array(Tool).optional(),
  /** Whether and which tools the model must use. */
  toolChoice: ToolChoice.optional(),
  /** Whether the model may call several tools in one turn. */
  parallelToolCalls: z.boolean().optional(),
  /** Upper bound on generated tokens (reasoning included where the format counts it). */
  maxOutputTokens: z.number().int().optional(),
  /** Sampling temperature. */
  temperature: z.number().optional(),
  /** Nucleus sampling mass. */
  topP: z.number().optional(),
  /** Top-k sampling. */
  topK: z.number().int().optional(),
  /** Strings that end generation when produced. */
  stopSequences: z.array(z.string()).optional(),
  /** Sampling seed. */
  seed: z.number().int().optional(),
  /** Presence penalty. */
  presencePenalty: z.number().optional(),
  /** Frequency penalty. */
  frequencyPenalty: z.number().optional(),
  /** Number of alternative responses to generate. */
  candidateCount: z.number().int().optional(),
  /** Whether to return log probabilities of the chosen tokens. */
  logprobs: z.boolean().optional(),
  /** How many top alternatives to return per token with `logprobs`. */
  topLogprobs: z.number().int().optional(),
  /** Shape of the text output. */
  outputFormat: OutputFormat.optional(),
  /** Reasoning settings. */
  reasoning: ReasoningConfig.optional(),
  /** Kinds of output requested (text, image, audio). */
  outputModalities: z.array(Modality).optional(),
  /** Voice settings for audio output. */
  speech: SpeechConfig.optional(),
  /** Input media resolution (`low`, `medium`, `high`). */
  mediaResolution: z.string().optional(),
  /** Content-safety thresholds. */
  safetySettings: z.array(SafetySetting).optional(),
  /** Id of an earlier stored response this one continues. */
  previousResponseId: z.string().optional(),
  /** Whether the exchange should be stored for later `previousResponseId` use. */
  store: z.boolean().optional(),
  /** A reference to server-side cached content (generate-content `cachedContent`). */
  cachedContent: z.string().optional(),
  /** Caller metadata, string to string. */
  metadata: z.record(z.string(), z.string()).optional(),
  /** Opaque end-user id for abuse monitoring. */
  user: z.string().optional(),
  /** Processing tier (`auto`, `default`, `flex`, ...). */
  serviceTier: z.string().optional(),
  /** What to do when the context is too long: drop from the middle, or fail. */
  truncation: z.enum(["auto", "disabled"]).optional(),
  /** Whether the caller wants a stream of events. */
  stream: z.boolean().optional(),
  /** Format-specific fields. */
  extensions: Extensions.optional(),
});
/** A format-neutral chat request; see {@link ChatRequest}. */
export type ChatRequest = z.infer<typeof ChatRequest>;
