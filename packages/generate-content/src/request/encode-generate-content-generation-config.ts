import {
  type ChatRequest,
  type ConversionContext,
  jsonSchemaToOpenApiSchema,
  type OutputFormat,
} from "@interlingua/core";
import type { GenerateContentGenerationConfig } from "../wire/generate-content-request-schema";
import {
  decodeGenerateContentOutputFormat,
  decodeGenerateContentSpeech,
  decodeGenerateContentThinking,
  decodeModalities,
} from "./decode-generate-content-generation-config";
import {
  budgetByEffort,
  type GeminiThinkingFamilies,
  type GeminiThinkingFamily,
  geminiThinkingFamily,
  nearestThinkingLevel,
} from "./gemini-thinking-families";
import { sameJson } from "./generate-content-same-json";
import { typeGeminiSchema } from "./type-gemini-schema";

type Original = Partial<GenerateContentGenerationConfig>;

/**
 * The generation config of a canonical request, or undefined when it sets nothing. `kept` is what
 * the decoder stored: unmapped fields, and under `original` the caller's spelling of settings that
 * are echoed while the canonical value still means the same.
 */
export function encodeGenerateContentGenerationConfig(
  request: ChatRequest,
  kept: Record<string, unknown> | undefined,
  context: ConversionContext,
  families: GeminiThinkingFamilies = [],
  jsonSchema = false,
): GenerateContentGenerationConfig | undefined {
  const { original: storedOriginal, ...unmapped } = kept ?? {};
  const original = (storedOriginal ?? {}) as Original;
  const config: GenerateContentGenerationConfig = unmapped;
  if (request.stopSequences !== undefined) config.stopSequences = request.stopSequences.slice(0, 5);
  if ((request.stopSequences?.length ?? 0) > 5)
    context.lose("dropped", "/stopSequences", "At most 5 stop sequences can be sent; the rest are dropped");
  if (request.candidateCount !== undefined) config.candidateCount = request.candidateCount;
  if (request.maxOutputTokens !== undefined) config.maxOutputTokens = request.maxOutputTokens;
  // The API takes at least 1 (a messages request may ask for 0, to warm the prompt cache only).
  if (request.maxOutputTokens === 0) {
    config.maxOutputTokens = 1;
    context.lose(
      "approximated",
      "/maxOutputTokens",
      "maxOutputTokens 0 raised to 1, the generate-content minimum",
    );
  }
  if (request.temperature !== undefined) config.temperature = request.temperature;
  if (request.topP !== undefined) config.topP = request.topP;
  if (request.topK !== undefined) config.topK = request.topK;
  if (request.seed !== undefined) config.seed = request.seed;
  if (request.presencePenalty !== undefined) config.presencePenalty = request.presencePenalty;
  if (request.frequencyPenalty !== undefined) config.frequencyPenalty = request.frequencyPenalty;
  if (request.logprobs !== undefined) config.responseLogprobs = request.logprobs;
  if (request.topLogprobs !== undefined) config.logprobs = request.topLogprobs;
  if (request.outputModalities !== undefined) {
    config.responseModalities =
      original.responseModalities &&
      sameJson(decodeModalities(original.responseModalities), request.outputModalities)
        ? original.responseModalities
        : request.outputModalities.map((modality) => modality.toUpperCase());
  }
  if (request.speech !== undefined) {
    config.speechConfig =
      original.speechConfig && sameJson(decodeGenerateContentSpeech(original.speechConfig), request.speech)
        ? original.speechConfig
        : encodeSpeech(request.speech, context);
  }
  if (request.reasoning !== undefined) {
    if (
      original.thinkingConfig &&
      sameJson(decodeGenerateContentThinking(original.thinkingConfig), request.reasoning)
    ) {
      config.thinkingConfig = original.thinkingConfig;
    } else {
      config.thinkingConfig = encodeThinking(request.reasoning, request.model, families, context);
    }
  }
  if (request.mediaResolution !== undefined) {
    config.mediaResolution =
      original.mediaResolution !== undefined &&
      decodedResolution(original.mediaResolution) === request.mediaResolution
        ? original.mediaResolution
        : `MEDIA_RESOLUTION_${request.mediaResolution.toUpperCase()}`;
  }
  if (request.outputFormat !== undefined) {
    const originalFormat = {
      responseMimeType: original.responseMimeType,
      responseSchema: original.responseSchema,
      responseJsonSchema: original.responseJsonSchema,
    };
    if (sameJson(decodeGenerateContentOutputFormat(originalFormat), request.outputFormat)) {
      for (const [key, value] of Object.entries(originalFormat))
        if (value !== undefined) (config as Record<string, unknown>)[key] = value;
    } else {
      Object.assign(config, encodeOutputFormat(request.outputFormat, jsonSchema, context));
    }
  } else if (original.responseMimeType !== undefined) {
    config.responseMimeType = original.responseMimeType;
  }
  for (const _key in config) return config;
  return kept ? config : undefined;
}

function decodedResolution(raw: string): string {
  return raw.startsWith("MEDIA_RESOLUTION_") && raw !== "MEDIA_RESOLUTION_UNSPECIFIED"
    ? raw.slice(17).toLowerCase()
    : raw;
}

function encodeSpeech(
  speech: NonNullable<ChatRequest["speech"]>,
  context: ConversionContext,
): NonNullable<GenerateContentGenerationConfig["speechConfig"]> {
  const config: NonNullable<GenerateContentGenerationConfig["speechConfig"]> = {};
  if (speech.format !== undefined)
    context.lose(
      "dropped",
      "/speech/format",
      "generate-content speaks 24 kHz PCM: no audio format can be asked for",
    );
  if (speech.voice !== undefined) config.voiceConfig = { prebuiltVoiceConfig: { voiceName: speech.voice } };
  if (speech.speakers !== undefined) {
    config.multiSpeakerVoiceConfig = {
      speakerVoiceConfigs: speech.speakers.map(({ speaker, voice }) => ({
        speaker,
        voiceConfig: { prebuiltVoiceConfig: { voiceName: voice } },
      })),
    };
  }
  if (speech.languageCode !== undefined) config.languageCode = speech.languageCode;
  return config;
}

type ThinkingConfig = NonNullable<GenerateContentGenerationConfig["thinkingConfig"]>;

/**
 * A reasoning setting of another format as `thinkingConfig`, in the setting the model's family
 * takes (see {@link geminiThinkingFamily}); every value the family cannot take exactly is brought
 * to the nearest one it can, with a loss. A model outside the table gets a budget, which every
 * thinking model takes (an effort becomes one, with a loss), never a level.
 */
function encodeThinking(
  reasoning: NonNullable<ChatRequest["reasoning"]>,
  model: string,
  families: GeminiThinkingFamilies,
  context: ConversionContext,
): ThinkingConfig {
  const config: ThinkingConfig = {};
  if (reasoning.includeThoughts !== undefined) config.includeThoughts = reasoning.includeThoughts;
  const family = geminiThinkingFamily(model, families);
  if (family?.setting === "budget") encodeThinkingBudget(reasoning, family, config, context);
  else if (family?.setting === "level") encodeThinkingLevel(reasoning, family.levels, config, context);
  else if (reasoning.enabled === false) config.thinkingBudget = 0;
  else if (reasoning.budgetTokens !== undefined) config.thinkingBudget = reasoning.budgetTokens;
  // Thinking on, with no amount (messages `adaptive`): the model decides, as a dynamic budget says.
  else if (reasoning.enabled === true && reasoning.effort === undefined) config.thinkingBudget = -1;
  else if (reasoning.effort !== undefined) {
    // A model of no known family gets the setting every thinking model takes: 2.5 models refuse
    // `thinkingLevel`, Gemini 3 models still take `thinkingBudget`.
    config.thinkingBudget = Object.hasOwn(budgetByEffort, reasoning.effort)
      ? budgetByEffort[reasoning.effort]!
      : -1;
    context.lose(
      "approximated",
      "/reasoning/effort",
      `The effort ${reasoning.effort} is sent as a thinking budget of ${config.thinkingBudget} to a model of unknown family`,
    );
  }
  // Thinking turned on (messages `adaptive`) beside an effort becomes a fixed budget: another form.
  // Where thinking is on because of the effort (an effort format's, decision 0044), the effort's
  // own loss says it.
  const fixedBudget = config.thinkingBudget !== undefined && config.thinkingBudget > 0;
  const onApart = context.sourcePath("/reasoning/enabled") !== context.sourcePath("/reasoning/effort");
  if (reasoning.enabled === true && reasoning.budgetTokens === undefined && fixedBudget && onApart)
    context.lose(
      "approximated",
      "/reasoning/enabled",
      "Thinking turned on with an effort is sent as a fixed thinking budget",
    );
  // Every setting above reads `enabled: false` and a budget before an effort, which is then unsent.
  if (reasoning.effort !== undefined && (reasoning.enabled === false || reasoning.budgetTokens !== undefined))
    context.lose(
      "dropped",
      "/reasoning/effort",
      `The effort ${reasoning.effort} has no place beside ${reasoning.enabled === false ? "thinking turned off" : "a thinking budget"}`,
    );
  if (reasoning.summary !== undefined) {
    config.includeThoughts ??= true;
    // Included thoughts are the model's own thought summaries: only a kind of summary is lost.
    if (reasoning.summary !== "auto")
      context.lose(
        "approximated",
        "/reasoning/summary",
        `A ${reasoning.summary} reasoning summary is requested as included thoughts`,
      );
  }
  return config;
}

function encodeOutputFormat(
  format: OutputFormat,
  jsonSchema: boolean,
  context: ConversionContext,
): Partial<GenerateContentGenerationConfig> {
  if (format.type === "json-schema" && jsonSchema) {
    if (format.name !== undefined || format.description !== undefined || format.strict)
      context.lose(
        "dropped",
        "/outputFormat",
        "The output schema's name, description and strictness have no place beside responseJsonSchema",
      );
    return { responseMimeType: "application/json", responseJsonSchema: format.schema };
  }
  switch (format.type) {
    case "text":
      return { responseMimeType: "text/plain" };
    case "json":
      return { responseMimeType: "application/json" };
    case "enum":
      return { responseMimeType: "text/x.enum", responseSchema: { type: "STRING", enum: format.values } };
    case "json-schema": {
      const responseSchema = jsonSchemaToOpenApiSchema(format.schema, {
        context,
        path: "/outputFormat/schema",
      });
      typeGeminiSchema(responseSchema, "/outputFormat/schema", context);
      if (format.description !== undefined && responseSchema.description === undefined)
        responseSchema.description = format.description;
      else if (format.description !== undefined)
        context.lose(
          "dropped",
          "/outputFormat/description",
          "The output description cannot be sent beside the schema's own",
        );
      if (format.name !== undefined) responseSchema.title ??= format.name;
      if (format.strict)
        context.lose("dropped", "/outputFormat/strict", "Strictness is implied; it cannot be requested");
      return { responseMimeType: "application/json", responseSchema };
    }
    default: {
      const unknown: never = format;
      throw new TypeError(`Unknown output format ${JSON.stringify(unknown)}`);
    }
  }
}

function encodeThinkingBudget(
  reasoning: NonNullable<ChatRequest["reasoning"]>,
  family: Extract<GeminiThinkingFamily, { setting: "budget" }>,
  config: ThinkingConfig,
  context: ConversionContext,
): void {
  if (reasoning.enabled === false) {
    config.thinkingBudget = family.canTurnOff ? 0 : family.min;
    if (!family.canTurnOff)
      context.lose(
        "approximated",
        "/reasoning/enabled",
        `Thinking cannot be off for this model; a budget of ${family.min} is used`,
      );
    return;
  }
  const asked =
    reasoning.budgetTokens ??
    (reasoning.effort === undefined
      ? undefined
      : Object.hasOwn(budgetByEffort, reasoning.effort)
        ? budgetByEffort[reasoning.effort]
        : -1);
  if (asked === undefined) {
    // Thinking on, with no amount (messages `adaptive`): the model decides, as a dynamic budget says.
    if (reasoning.enabled === true) config.thinkingBudget = -1;
    return;
  }
  if (reasoning.budgetTokens === undefined)
    context.lose(
      "approximated",
      "/reasoning/effort",
      `The effort ${reasoning.effort} is sent as a thinking budget`,
    );
  const budget = asked === -1 ? -1 : Math.min(family.max, Math.max(family.min, asked));
  if (budget !== asked && reasoning.budgetTokens !== undefined)
    context.lose(
      "approximated",
      "/reasoning/budgetTokens",
      `A thinking budget of ${asked} is sent as ${budget}, within this model's range`,
    );
  config.thinkingBudget = budget;
}

function encodeThinkingLevel(
  reasoning: NonNullable<ChatRequest["reasoning"]>,
  levels: readonly string[],
  config: ThinkingConfig,
  context: ConversionContext,
): void {
  if (reasoning.enabled === false) {
    config.thinkingLevel = levels[0]!;
    context.lose(
      "approximated",
      "/reasoning/enabled",
      `Thinking cannot be off for this model; ${levels[0]} is used`,
    );
    return;
  }
  if (reasoning.budgetTokens !== undefined) {
    config.thinkingBudget = reasoning.budgetTokens;
    return;
  }
  if (reasoning.effort === undefined) return;
  const wanted = reasoning.effort.toUpperCase();
  config.thinkingLevel = levels.includes(wanted) ? wanted : nearestThinkingLevel(wanted, levels);
  if (config.thinkingLevel !== wanted)
    context.lose(
      "approximated",
      "/reasoning/effort",
      `The effort ${reasoning.effort} is sent as ${config.thinkingLevel}, the nearest level this model has`,
    );
}
