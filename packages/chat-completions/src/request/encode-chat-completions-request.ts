import {
  CanonicalError,
  type ChatRequest,
  type ConversionContext,
  nonEmptyCallId,
  type OutputFormat,
  pointer,
  type ReasoningConfig,
  reportStructuredToolResults,
  reportToolResultNames,
  withMadeUpCallIds,
} from "@interlingua/core";
import { type ChatCompletionsDialect, defaultChatCompletionsDialect } from "../chat-completions-dialect";
import { assignWireFields, chatCompletionsExtensions, type WireObject } from "../chat-completions-extensions";
import type { ChatCompletionsRequest } from "../wire/chat-completions-request-schema";
import {
  type ChatCompletionsModelFamily,
  defaultChatCompletionsModelFamilies,
} from "./chat-completions-model-families";
import { encodeChatCompletionsMessages } from "./encode-chat-completions-messages";
import { encodeChatCompletionsToolChoice, encodeChatCompletionsTools } from "./encode-chat-completions-tools";
import { legalizeChatCompletionsRequest } from "./legalize-chat-completions-request";

/** Canonical settings this format has no field for. */
const unsupportedSettings = [
  "topK",
  "mediaResolution",
  "safetySettings",
  "cachedContent",
  "previousResponseId",
  "truncation",
] as const satisfies readonly (keyof ChatRequest)[];

/** Marks this codec keeps in a request's `extensions["chat-completions"]`, not wire fields. */
const requestMarks = [
  "maxTokensField",
  "stopForm",
  "toolsEmpty",
  "streamUsageUnasked",
  "toolChoice",
  "responseFormat",
  "jsonSchema",
  "schemaAbsent",
  "audio",
];

/**
 * A canonical request as a `POST /v1/chat/completions` body, in `dialect` (which field carries the
 * output limit and the reasoning of earlier turns). Settings the format lacks (top-k, safety
 * settings, stored conversations, ...) are dropped with a loss; a thinking budget becomes a
 * reasoning effort, with one. The body is then made one the upstream accepts
 * ({@link legalizeChatCompletionsRequest}, with `families` telling what each model takes).
 */
export function encodeChatCompletionsRequest(
  request: ChatRequest,
  context: ConversionContext,
  dialect: ChatCompletionsDialect = defaultChatCompletionsDialect,
  families: readonly ChatCompletionsModelFamily[] = defaultChatCompletionsModelFamilies,
): ChatCompletionsRequest {
  const fields = chatCompletionsExtensions(request) ?? {};
  const body = assignWireFields({}, fields, requestMarks);
  body.model = request.model;
  // A legacy `function` message says its name.
  reportToolResultNames(
    request,
    "chat-completions",
    context,
    (part) => chatCompletionsExtensions(part)?.legacyFunction === true,
  );
  reportStructuredToolResults(request, "chat-completions", context);
  // Each tool message answers its call by id: another format's calls of empty ids get ids.
  body.messages = encodeChatCompletionsMessages(
    request.instructions ?? [],
    withMadeUpCallIds(request, nonEmptyCallId, context).messages,
    dialect,
    context,
  );
  // The API refuses an empty list: say so in the caller's terms, before sending.
  if ((body.messages as unknown[]).length === 0)
    throw new CanonicalError("invalid_request", "The chat-completions format needs at least one message", {
      param: "messages",
    });
  if (request.maxOutputTokens !== undefined)
    body[(fields.maxTokensField as string | undefined) ?? dialect.maxTokensField] = request.maxOutputTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.stopSequences !== undefined)
    body.stop =
      fields.stopForm === "string" && request.stopSequences.length === 1
        ? request.stopSequences[0]
        : request.stopSequences;
  if (request.candidateCount !== undefined) body.n = request.candidateCount;
  if (request.seed !== undefined) body.seed = request.seed;
  if (request.presencePenalty !== undefined) body.presence_penalty = request.presencePenalty;
  if (request.frequencyPenalty !== undefined) body.frequency_penalty = request.frequencyPenalty;
  if (request.logprobs !== undefined) body.logprobs = request.logprobs;
  if (request.topLogprobs !== undefined) body.top_logprobs = request.topLogprobs;
  if (request.tools !== undefined) {
    const { tools, webSearchOptions } = encodeChatCompletionsTools(request.tools, context);
    if (tools.length > 0 || request.tools.length === 0 || fields.toolsEmpty === true) body.tools = tools;
    if (webSearchOptions !== undefined) body.web_search_options = webSearchOptions;
  }
  if (request.toolChoice !== undefined)
    body.tool_choice = encodeChatCompletionsToolChoice(
      request.toolChoice,
      fields.toolChoice ?? fields.tool_choice,
      context,
    );
  if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;
  if (request.outputFormat !== undefined)
    body.response_format = encodeResponseFormat(request.outputFormat, fields, context);
  if (request.reasoning !== undefined) {
    const effort = encodeReasoningEffort(request.reasoning, context);
    if (effort !== undefined) body.reasoning_effort = effort;
  }
  if (request.outputModalities !== undefined)
    body.modalities = encodeModalities(request.outputModalities, context);
  if (request.speech !== undefined) {
    const audio = encodeSpeech(request, fields, context);
    if (audio !== undefined) body.audio = audio;
  }
  if (request.store !== undefined) body.store = request.store;
  if (request.metadata !== undefined) body.metadata = request.metadata;
  if (request.user !== undefined) body.user = request.user;
  if (request.promptCacheKey !== undefined) body.prompt_cache_key = request.promptCacheKey;
  if (request.safetyIdentifier !== undefined) body.safety_identifier = request.safetyIdentifier;
  if (request.serviceTier !== undefined) body.service_tier = request.serviceTier;
  if (request.stream !== undefined) body.stream = request.stream;
  // Another format's stream reports usage: ask for it.
  if (request.stream === true && body.stream_options === undefined && fields.streamUsageUnasked !== true)
    body.stream_options = { include_usage: true };
  for (const setting of unsupportedSettings) {
    if (request[setting] !== undefined)
      context.lose("dropped", pointer("", setting), `the chat-completions format has no ${setting} setting`);
  }
  legalizeChatCompletionsRequest(body, families, context);
  // The API refuses a request with no message: say so in the caller's terms, before sending.
  if ((body.messages as unknown[]).length === 0)
    throw new CanonicalError("invalid_request", "The chat-completions format needs at least one message", {
      param: "messages",
    });
  return body as ChatCompletionsRequest;
}

function encodeResponseFormat(
  format: OutputFormat,
  fields: WireObject,
  context: ConversionContext,
): WireObject {
  const rest = fields.responseFormat as WireObject | undefined;
  switch (format.type) {
    case "text":
      return assignWireFields({ type: "text" }, rest);
    case "json":
      return assignWireFields({ type: "json_object" }, rest);
    case "json-schema": {
      const schema: WireObject = { name: format.name ?? "output" };
      if (format.description !== undefined) schema.description = format.description;
      if (fields.schemaAbsent !== true) schema.schema = format.schema;
      if (format.strict !== undefined) schema.strict = format.strict;
      return assignWireFields(
        {
          type: "json_schema",
          json_schema: assignWireFields(schema, fields.jsonSchema as WireObject | undefined),
        },
        rest,
      );
    }
    case "enum":
      context.lose("approximated", "/outputFormat", "an enum output became a JSON schema with a string enum");
      return {
        type: "json_schema",
        json_schema: {
          name: "enum",
          schema: {
            type: "object",
            properties: { value: { type: "string", enum: format.values } },
            required: ["value"],
            additionalProperties: false,
          },
          strict: true,
        },
      };
    default: {
      const unknown: never = format;
      throw new TypeError(`Unknown output format ${JSON.stringify(unknown)}`);
    }
  }
}

/** The reasoning settings as `reasoning_effort`, approximating what the format cannot say. */
function encodeReasoningEffort(reasoning: ReasoningConfig, context: ConversionContext): string | undefined {
  let effort = reasoning.effort;
  if (effort === undefined && reasoning.budgetTokens !== undefined) {
    effort = reasoning.budgetTokens <= 2048 ? "low" : reasoning.budgetTokens <= 12_000 ? "medium" : "high";
    context.lose("approximated", "/reasoning", "a thinking budget became a reasoning effort");
    // An effort the caller did not set: their own field when they sent it null, else the setting.
    if (context.sourcePath("/reasoning/effort") !== context.sourcePath("/reasoning"))
      context.lose("approximated", "/reasoning/effort", `the thinking budget is sent as effort ${effort}`);
  } else if (effort === undefined && reasoning.enabled === false) {
    effort = "minimal";
    context.lose("approximated", "/reasoning/enabled", "disabled thinking became minimal reasoning effort");
  } else if (effort === undefined && reasoning.enabled === true) {
    // Thinking on at the model's discretion (messages `adaptive`) has no effort: none is sent.
    context.lose(
      "approximated",
      "/reasoning/enabled",
      "thinking on with no budget or effort is sent as no effort (the model's default)",
    );
  } else if (effort !== undefined) loseBesideEffort(reasoning, context);
  if (reasoning.summary !== undefined)
    context.lose("dropped", "/reasoning/summary", "the chat-completions format has no reasoning summaries");
  if (reasoning.includeThoughts !== undefined)
    context.lose(
      "dropped",
      "/reasoning/includeThoughts",
      "the chat-completions format has no setting for returning reasoning text",
    );
  return effort;
}

/** A thinking budget or thinking turned off, which an effort leaves no place for: the effort is sent. */
function loseBesideEffort(reasoning: ReasoningConfig, context: ConversionContext): void {
  // The whole setting: a fixed budget is another kind of thinking than one going by an effort.
  if (reasoning.budgetTokens !== undefined)
    context.lose(
      "dropped",
      "/reasoning",
      "a thinking budget has no place beside a reasoning effort: thinking goes by the effort",
    );
  if (reasoning.enabled === false)
    context.lose(
      "dropped",
      "/reasoning/enabled",
      "thinking turned off has no place beside a reasoning effort",
    );
}

/** The output modalities the format has (`text`, `audio`); the others are dropped with a loss. */
function encodeModalities(modalities: readonly string[], context: ConversionContext): string[] {
  return modalities.filter((modality, index) => {
    if (modality === "text" || modality === "audio") return true;
    context.lose(
      "dropped",
      pointer("/outputModalities", index),
      `the chat-completions format has no ${modality} output`,
    );
    return false;
  });
}

/** The speech settings as `audio` (voice and format), or undefined without a voice, which it requires. */
function encodeSpeech(
  request: ChatRequest,
  fields: WireObject,
  context: ConversionContext,
): WireObject | undefined {
  const speech = request.speech!;
  if (speech.voice === undefined) {
    context.lose("dropped", "/speech", "the chat-completions format takes audio settings only with a voice");
    return undefined;
  }
  const audio = assignWireFields({}, fields.audio as WireObject | undefined);
  audio.voice = speech.voice;
  if (speech.format !== undefined) audio.format = speech.format;
  else {
    audio.format = "wav";
    context.lose(
      "approximated",
      "/speech",
      "the chat-completions format needs an audio format: wav was asked for",
    );
  }
  if (speech.languageCode !== undefined)
    context.lose("dropped", "/speech/languageCode", "the chat-completions format has no speech language");
  if (speech.speakers !== undefined)
    context.lose("dropped", "/speech/speakers", "the chat-completions format has no multi-speaker audio");
  return audio;
}
