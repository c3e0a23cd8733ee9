import {
  CanonicalError,
  type ChatRequest,
  jsonSchemaShapeProblem,
  type Modality,
  type OutputFormat,
  openApiSchemaToJsonSchema,
  type ReasoningConfig,
  reasoningOfEffort,
  type SpeechConfig,
} from "@interlingua/core";
import { unknownFields } from "../wire/generate-content-extensions";
import type { GenerateContentGenerationConfig } from "../wire/generate-content-request-schema";
import { lowerCaseSchemaTypes } from "./lower-case-schema-types";

/** Generation-config fields with a canonical place; the rest stay in the request's extensions. */
const mappedFields = new Set([
  "stopSequences",
  "candidateCount",
  "maxOutputTokens",
  "temperature",
  "topP",
  "topK",
  "seed",
  "presencePenalty",
  "frequencyPenalty",
  "responseLogprobs",
  "logprobs",
  "responseModalities",
  "speechConfig",
  "thinkingConfig",
  "mediaResolution",
  "responseMimeType",
  "responseSchema",
  "responseJsonSchema",
]);

const modalities = new Set<string>(["TEXT", "IMAGE", "AUDIO", "VIDEO", "DOCUMENT"]);
const mediaResolutions: Record<string, string> = {
  MEDIA_RESOLUTION_LOW: "low",
  MEDIA_RESOLUTION_MEDIUM: "medium",
  MEDIA_RESOLUTION_HIGH: "high",
};

/**
 * Sets the canonical fields of `request` from `generationConfig` and returns what must be kept in
 * the request's extensions: the unmapped fields, plus the original spelling of settings whose
 * canonical form is not one to one (`original`), which the encoder echoes while the canonical
 * value is unchanged.
 */
export function decodeGenerateContentGenerationConfig(
  config: GenerateContentGenerationConfig,
  request: ChatRequest,
): Record<string, unknown> {
  const kept: Record<string, unknown> = unknownFields(config, mappedFields) ?? {};
  const original: Record<string, unknown> = {};
  if (config.stopSequences !== undefined) request.stopSequences = config.stopSequences;
  if (config.candidateCount !== undefined) request.candidateCount = config.candidateCount;
  if (config.maxOutputTokens !== undefined) request.maxOutputTokens = config.maxOutputTokens;
  if (config.temperature !== undefined) request.temperature = config.temperature;
  if (config.topP !== undefined) request.topP = config.topP;
  if (config.topK !== undefined) request.topK = config.topK;
  if (config.seed !== undefined) request.seed = config.seed;
  if (config.presencePenalty !== undefined) request.presencePenalty = config.presencePenalty;
  if (config.frequencyPenalty !== undefined) request.frequencyPenalty = config.frequencyPenalty;
  if (config.responseLogprobs !== undefined) request.logprobs = config.responseLogprobs;
  if (config.logprobs !== undefined) request.topLogprobs = config.logprobs;
  if (config.responseModalities !== undefined) {
    request.outputModalities = decodeModalities(config.responseModalities);
    original.responseModalities = config.responseModalities;
    // A modality with no canonical name is not carried: the list is the caller's own field then.
    if (request.outputModalities.length !== config.responseModalities.length)
      kept.responseModalities = config.responseModalities;
  }
  if (config.speechConfig !== undefined) {
    request.speech = decodeGenerateContentSpeech(config.speechConfig);
    original.speechConfig = config.speechConfig;
  }
  if (config.thinkingConfig !== undefined) {
    request.reasoning = decodeGenerateContentThinking(config.thinkingConfig);
    original.thinkingConfig = config.thinkingConfig;
  }
  if (config.mediaResolution !== undefined) {
    request.mediaResolution = mediaResolutions[config.mediaResolution] ?? config.mediaResolution;
    original.mediaResolution = config.mediaResolution;
  }
  const outputFormat = decodeGenerateContentOutputFormat(config);
  if (outputFormat?.type === "json-schema") refuseMisshapenSchema(outputFormat.schema, config);
  if (outputFormat) request.outputFormat = outputFormat;
  for (const field of ["responseMimeType", "responseSchema", "responseJsonSchema"] as const) {
    if (config[field] === undefined) continue;
    original[field] = config[field];
    // What the output format does not say (a MIME type or schema it was not read from) is the caller's own field.
    if (!carriedByOutputFormat(field, config, outputFormat)) kept[field] = config[field];
  }
  for (const _key in original) {
    kept.original = original;
    break;
  }
  return kept;
}

/**
 * Refuses a response schema that, read as JSON Schema, does not have its keywords' shapes (an empty
 * `anyOf`): no format can send it on, and the API refuses malformed schemas with a 400 too.
 */
function refuseMisshapenSchema(schema: unknown, config: GenerateContentGenerationConfig): void {
  const problem = jsonSchemaShapeProblem(schema);
  if (!problem) return;
  const field = isObject(config.responseJsonSchema) ? "responseJsonSchema" : "responseSchema";
  const param = `generationConfig.${field}${problem.path === "" ? "" : `.${problem.path}`}`;
  throw new CanonicalError("invalid_request", `${param}: ${problem.message}`, { param });
}

/** The MIME type each kind of output format is sent with. */
const mimeTypeByFormat: Record<OutputFormat["type"], string> = {
  text: "text/plain",
  json: "application/json",
  "json-schema": "application/json",
  enum: "text/x.enum",
};

/** Whether a field of the output settings is what the canonical output format was read from. */
function carriedByOutputFormat(
  field: "responseMimeType" | "responseSchema" | "responseJsonSchema",
  config: GenerateContentGenerationConfig,
  outputFormat: OutputFormat | undefined,
): boolean {
  if (outputFormat === undefined) return false;
  if (field === "responseMimeType") return config.responseMimeType === mimeTypeByFormat[outputFormat.type];
  if (outputFormat.type === "enum") return field === "responseSchema";
  if (outputFormat.type !== "json-schema") return false;
  const fromJsonSchema = isObject(config.responseJsonSchema);
  return field === (fromJsonSchema ? "responseJsonSchema" : "responseSchema");
}

/** Wire modality names as canonical modalities (unknown names are left out). */
export function decodeModalities(names: readonly string[]): Modality[] {
  return names.filter((name) => modalities.has(name)).map((name) => name.toLowerCase() as Modality);
}

/** `speechConfig` as canonical speech settings. */
export function decodeGenerateContentSpeech(
  config: NonNullable<GenerateContentGenerationConfig["speechConfig"]>,
): SpeechConfig {
  const speech: SpeechConfig = {};
  const voice = config.voiceConfig?.prebuiltVoiceConfig?.voiceName;
  if (voice !== undefined) speech.voice = voice;
  if (config.languageCode !== undefined) speech.languageCode = config.languageCode;
  const speakers = config.multiSpeakerVoiceConfig?.speakerVoiceConfigs;
  if (speakers) {
    speech.speakers = speakers.map((speaker) => ({
      speaker: speaker.speaker,
      voice: speaker.voiceConfig.prebuiltVoiceConfig?.voiceName ?? "",
    }));
  }
  return speech;
}

/**
 * `thinkingConfig` as canonical reasoning settings: a budget of 0 turns thinking off, -1 means a
 * dynamic budget (thinking on, no number), `thinkingLevel` is the effort.
 */
export function decodeGenerateContentThinking(
  config: NonNullable<GenerateContentGenerationConfig["thinkingConfig"]>,
): ReasoningConfig {
  const reasoning: ReasoningConfig = {};
  if (config.thinkingBudget !== undefined) {
    reasoning.enabled = config.thinkingBudget !== 0;
    if (config.thinkingBudget > 0) reasoning.budgetTokens = config.thinkingBudget;
  }
  if (config.thinkingLevel !== undefined) {
    const level = reasoningOfEffort(config.thinkingLevel.toLowerCase());
    reasoning.effort = level.effort;
    // A level turns thinking on (decision 0044), unless a budget of 0 turned it off.
    if (reasoning.enabled === undefined && level.enabled !== undefined) reasoning.enabled = level.enabled;
  }
  if (config.includeThoughts !== undefined) reasoning.includeThoughts = config.includeThoughts;
  return reasoning;
}

/** The output format a generation config asks for, if any. */
export function decodeGenerateContentOutputFormat(
  config: GenerateContentGenerationConfig,
): OutputFormat | undefined {
  const mimeType = config.responseMimeType;
  if (mimeType === "text/x.enum" && Array.isArray(config.responseSchema?.enum)) {
    return { type: "enum", values: config.responseSchema.enum };
  }
  if (config.responseJsonSchema !== undefined && isObject(config.responseJsonSchema)) {
    return { type: "json-schema", schema: lowerCaseSchemaTypes(config.responseJsonSchema) };
  }
  if (config.responseSchema !== undefined) {
    return { type: "json-schema", schema: openApiSchemaToJsonSchema(config.responseSchema) };
  }
  if (mimeType === "application/json") return { type: "json" };
  if (mimeType === "text/plain") return { type: "text" };
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
