import {
  assertOpenAiStyleWire,
  type ChatRequest,
  type ConversionContext,
  type Modality,
  type OutputFormat,
  pointer,
  reasoningOfEffort,
  traceExtensions,
  traceFields,
} from "@interlingua/core";
import { remainingFields, type WireObject } from "../chat-completions-extensions";
import { ChatCompletionsRequest } from "../wire/chat-completions-request-schema";
import { decodeChatCompletionsMessages } from "./decode-chat-completions-messages";
import {
  decodeChatCompletionsToolChoice,
  decodeChatCompletionsTools,
  decodeWebSearchOptions,
} from "./decode-chat-completions-tools";

/** Request fields mapped one to one onto canonical settings when they hold a value. */
const directSettings = [
  ["temperature", "temperature"],
  ["top_p", "topP"],
  ["seed", "seed"],
  ["presence_penalty", "presencePenalty"],
  ["frequency_penalty", "frequencyPenalty"],
  ["n", "candidateCount"],
  ["logprobs", "logprobs"],
  ["top_logprobs", "topLogprobs"],
  ["parallel_tool_calls", "parallelToolCalls"],
  ["store", "store"],
  ["metadata", "metadata"],
  ["user", "user"],
  ["prompt_cache_key", "promptCacheKey"],
  ["safety_identifier", "safetyIdentifier"],
  ["service_tier", "serviceTier"],
  ["stream", "stream"],
] as const satisfies readonly (readonly [string, keyof ChatRequest])[];

/**
 * Validates a caller's `POST /v1/chat/completions` body (throwing `invalid_request` naming the
 * field) and converts it: leading system / developer messages become instructions; `tools`,
 * `web_search_options` (the hosted web search tool), `tool_choice`, `response_format`,
 * `max_completion_tokens` or `max_tokens`, `stop`, `n`, `reasoning_effort`, `modalities` and
 * `audio.voice` map to their canonical fields. Null values and fields with no canonical meaning
 * (`logit_bias`, `prediction`, `stream_options`, a server's own settings) stay in
 * `extensions["chat-completions"]`, with the marks a same-format re-encoding needs.
 */
export function decodeChatCompletionsRequest(wire: unknown, context: ConversionContext): ChatRequest {
  context.startSource();
  assertOpenAiStyleWire(ChatCompletionsRequest, wire);
  const body = wire as WireObject;
  const consumed: string[] = ["model", "messages"];
  const marks: WireObject = {};
  const { instructions, messages } = decodeChatCompletionsMessages(body.messages as WireObject[], context);
  const request: ChatRequest = { model: body.model as string, messages };
  if (instructions.length > 0) request.instructions = instructions;

  for (const [wireName, canonicalName] of directSettings) {
    const value = body[wireName];
    if (value === undefined || value === null) continue;
    (request as Record<string, unknown>)[canonicalName] = value;
    consumed.push(wireName);
  }
  if (typeof body.max_completion_tokens === "number") {
    request.maxOutputTokens = body.max_completion_tokens;
    consumed.push("max_completion_tokens");
  } else if (typeof body.max_tokens === "number") {
    request.maxOutputTokens = body.max_tokens;
    marks.maxTokensField = "max_tokens";
    consumed.push("max_tokens");
  }
  if (typeof body.stop === "string") {
    request.stopSequences = [body.stop];
    marks.stopForm = "string";
    consumed.push("stop");
  } else if (Array.isArray(body.stop)) {
    request.stopSequences = body.stop as string[];
    consumed.push("stop");
  }
  if (Array.isArray(body.tools)) {
    request.tools = decodeChatCompletionsTools(body.tools as WireObject[]);
    consumed.push("tools");
  }
  if (body.web_search_options !== undefined && body.web_search_options !== null) {
    request.tools = [...(request.tools ?? []), decodeWebSearchOptions(body.web_search_options as WireObject)];
    // `tools: []` beside web search options stays, though it adds no tool.
    if (Array.isArray(body.tools) && body.tools.length === 0) marks.toolsEmpty = true;
    consumed.push("web_search_options");
  }
  if (body.tool_choice !== undefined && body.tool_choice !== null) {
    const { toolChoice, raw, unsaid } = decodeChatCompletionsToolChoice(body.tool_choice);
    request.toolChoice = toolChoice;
    // A choice no canonical one says is a caller field of this format, reported lost elsewhere.
    if (unsaid) marks.tool_choice = raw;
    else if (raw !== undefined) marks.toolChoice = raw;
    consumed.push("tool_choice");
  }
  if (body.response_format !== undefined && body.response_format !== null) {
    request.outputFormat = decodeResponseFormat(body.response_format as WireObject, marks);
    consumed.push("response_format");
  }
  if (typeof body.reasoning_effort === "string") {
    // An effort turns reasoning on (decision 0044).
    request.reasoning = reasoningOfEffort(body.reasoning_effort);
    consumed.push("reasoning_effort");
  }
  if (Array.isArray(body.modalities)) {
    request.outputModalities = body.modalities as Modality[];
    consumed.push("modalities");
  }
  const audio = body.audio as WireObject | null | undefined;
  if (audio && typeof audio.voice === "string") {
    request.speech = { voice: audio.voice };
    if (typeof audio.format === "string") request.speech.format = audio.format;
    marks.audio = remainingFields(audio, ["voice", "format"]) ?? {};
    consumed.push("audio");
  }

  // A stream that did not ask for usage gets none; a stream from another format does (see the encoder).
  if (body.stream === true && (body.stream_options === undefined || body.stream_options === null))
    marks.streamUsageUnasked = true;
  const rest = remainingFields(body, consumed);
  const extensions = rest === undefined ? marks : { ...rest, ...marks };
  if (Object.keys(extensions).length > 0) request.extensions = { "chat-completions": extensions };
  traceFields(context, body, requestSources);
  if (typeof body.max_completion_tokens === "number")
    context.trace("/maxOutputTokens", "/max_completion_tokens");
  traceExtensions(context, body, "chat-completions", Object.keys(extensions));
  if (Array.isArray(body.tools))
    body.tools.forEach((_, index) => {
      context.trace(pointer("/tools", index), pointer("/tools", index));
      // A tool's own fields the codec keeps are where they were in the tool.
      context.trace(
        pointer("/tools", index, "extensions", "chat-completions"),
        pointer("/tools", index),
        true,
      );
    });
  if (body.web_search_options !== undefined && body.web_search_options !== null)
    traceWebSearchTool(context, Array.isArray(body.tools) ? body.tools.length : 0);
  return request;
}

/** The web search tool made of `web_search_options` (after the caller's tools) is where it came from. */
function traceWebSearchTool(context: ConversionContext, index: number): void {
  const tool = pointer("/tools", index);
  context.trace(tool, "/web_search_options");
  context.trace(pointer(tool, "settings", "searchContextSize"), "/web_search_options/search_context_size");
  // Flattened from its `approximate` object: a loss below it is one of the whole location.
  context.trace(pointer(tool, "settings", "userLocation"), "/web_search_options/user_location");
  context.trace(pointer(tool, "extensions", "chat-completions"), "/web_search_options", true);
}

function decodeResponseFormat(format: WireObject, marks: WireObject): OutputFormat {
  const keep = (object: WireObject, consumed: string[], mark: string) => {
    const rest = remainingFields(object, consumed);
    if (rest !== undefined) marks[mark] = rest;
  };
  keep(format, ["type", "json_schema"], "responseFormat");
  switch (format.type) {
    case "json_object":
      return { type: "json" };
    case "json_schema": {
      const schema = format.json_schema as WireObject;
      const output: OutputFormat = {
        type: "json-schema",
        name: schema.name as string,
        schema: (schema.schema as Record<string, unknown>) ?? {},
      };
      const consumed = ["name", "schema"];
      if (schema.schema === undefined) marks.schemaAbsent = true;
      if (typeof schema.description === "string") {
        output.description = schema.description;
        consumed.push("description");
      }
      if (typeof schema.strict === "boolean") {
        output.strict = schema.strict;
        consumed.push("strict");
      }
      keep(schema, consumed, "jsonSchema");
      return output;
    }
    default:
      return { type: "text" };
  }
}

/** Canonical request fields and the chat-completions fields they come from, for loss paths. */
const requestSources: Record<string, string> = {
  ...Object.fromEntries(
    directSettings.map(([wireName, canonicalName]) => [`/${canonicalName}`, `/${wireName}`]),
  ),
  "/model": "/model",
  "/maxOutputTokens": "/max_tokens",
  "/stopSequences": "/stop",
  "/tools": "/tools",
  "/toolChoice": "/tool_choice",
  "/outputFormat": "/response_format",
  "/reasoning": "/reasoning_effort",
  "/outputModalities": "/modalities",
  "/speech": "/audio",
  "/speech/format": "/audio/format",
};
