import {
  CanonicalError,
  type ChatRequest,
  type ConversionContext,
  createConversionContext,
  type Message,
  Modality,
  type Part,
  pointer,
  type SafetySetting,
  traceFields,
} from "@interlingua/core";
import { isWireObject, remainingFields, type WireObject } from "../interactions-extensions";
import { InteractionsRequest } from "../wire/interactions-request-schema";
import { assertInteractionsWire } from "./assert-interactions-wire";
import { decodeInteractionsSteps } from "./decode-interactions-steps";
import { decodeInteractionsContent, isInteractionsContent } from "./interactions-content";
import {
  decodeInteractionsResponseFormat,
  encodeInteractionsResponseFormat,
} from "./interactions-output-format";
import { decodeInteractionsReasoning } from "./interactions-reasoning";
import {
  decodeInteractionsToolChoice,
  decodeInteractionsTools,
  encodeInteractionsToolChoice,
} from "./interactions-tools";
import { sameJson } from "./same-json";
import { traceInteractionsParts } from "./trace-interactions-parts";

/** Fields of the request this decoder maps; the others stay in extensions. */
const mappedFields = [
  "model",
  "input",
  "system_instruction",
  "tools",
  "generation_config",
  "response_format",
  "response_modalities",
  "safety_settings",
  "service_tier",
  "previous_interaction_id",
  "store",
  "stream",
  "cached_content",
];

/** `generation_config` fields mapped onto canonical settings. */
const directConfig = [
  ["temperature", "temperature"],
  ["top_p", "topP"],
  ["seed", "seed"],
  ["max_output_tokens", "maxOutputTokens"],
  ["stop_sequences", "stopSequences"],
] as const satisfies readonly (readonly [string, keyof ChatRequest])[];

/** A safety setting (`{type: "harassment", threshold: "block_none"}`) in the canonical enum spelling. */
export function decodeInteractionsSafetySetting(setting: WireObject): SafetySetting {
  return {
    category: `HARM_CATEGORY_${String(setting.type).toUpperCase()}`,
    threshold: String(setting.threshold).toUpperCase(),
  };
}

/**
 * The input (a string, a content block, content blocks or steps) as turns, with the form it came in;
 * each turn and part traced to where it came from.
 */
function decodeInput(
  input: unknown,
  context: ConversionContext,
): { messages: Message[]; form?: "string" | "content" | "contents" } {
  if (input === undefined) return { messages: [] };
  context.trace("/messages", "/input");
  if (typeof input === "string") {
    context.trace("/messages/0", "/input");
    context.trace("/messages/0/parts/0", "/input");
    return { messages: [{ role: "user", parts: [{ type: "text", text: input }] }], form: "string" };
  }
  if (!Array.isArray(input)) {
    const part = decodeInteractionsContent(input as WireObject, "/input", context);
    context.trace("/messages/0", "/input");
    if (part) traceInteractionsParts(context, [part], ["/input"], "/messages/0/parts");
    return { messages: [{ role: "user", parts: part ? [part] : [] }], form: "content" };
  }
  const contents = input.filter(isInteractionsContent);
  if (contents.length > 0 && contents.length < input.length)
    throw new CanonicalError("invalid_request", "The input mixes content blocks and steps", {
      param: "input",
    });
  if (contents.length > 0) {
    const parts: Part[] = [];
    const sources: string[] = [];
    (input as WireObject[]).forEach((content, index) => {
      const part = decodeInteractionsContent(content, pointer("/input", index), context);
      if (!part) return;
      parts.push(part);
      sources.push(pointer("/input", index));
    });
    context.trace("/messages/0", "/input");
    traceInteractionsParts(context, parts, sources, "/messages/0/parts");
    return { messages: [{ role: "user", parts }], form: "contents" };
  }
  const turns = decodeInteractionsSteps(input as WireObject[], "/input", context);
  turns.sources.forEach((source, index) => {
    context.trace(`/messages/${index}`, source.message);
    traceInteractionsParts(context, turns.messages[index]!.parts, source.parts, `/messages/${index}/parts`);
  });
  return { messages: turns.messages };
}

/** Canonical request fields and the interactions fields they come from, for loss paths. */
const requestSources: Record<string, string> = {
  "/model": "/model",
  "/instructions": "/system_instruction",
  "/instructions/0": "/system_instruction",
  "/instructions/0/parts/0": "/system_instruction",
  "/tools": "/tools",
  "/toolChoice": "/generation_config/tool_choice",
  "/temperature": "/generation_config/temperature",
  "/topP": "/generation_config/top_p",
  "/seed": "/generation_config/seed",
  "/maxOutputTokens": "/generation_config/max_output_tokens",
  "/stopSequences": "/generation_config/stop_sequences",
  "/reasoning": "/generation_config",
  "/reasoning/effort": "/generation_config/thinking_level",
  // Thinking is on because of the level (decision 0044).
  "/reasoning/enabled": "/generation_config/thinking_level",
  "/reasoning/summary": "/generation_config/thinking_summaries",
  "/outputFormat": "/response_format",
  "/outputModalities": "/response_modalities",
  "/safetySettings": "/safety_settings",
  "/serviceTier": "/service_tier",
  "/previousResponseId": "/previous_interaction_id",
  "/store": "/store",
  "/stream": "/stream",
  "/cachedContent": "/cached_content",
};

/** Fields kept in `extensions.interactions` under the names this decoder gives them, and their source. */
const renamedExtensions: Record<string, string> = {
  "/extensions/interactions/generationConfig": "/generation_config",
  "/extensions/interactions/responseFormat": "/response_format",
  "/extensions/interactions/responseModalities": "/response_modalities",
  "/extensions/interactions/safetySettings": "/safety_settings",
};

/** The function declaration fields with a canonical place, by the canonical name they take. */
const functionToolFields = new Map([
  ["name", "name"],
  ["description", "description"],
  ["parameters", "inputSchema"],
]);

/** Traces each tool to its declaration, its schema to the declaration's parameters and its kept fields to theirs. */
function traceTools(context: ConversionContext, tools: readonly WireObject[]): void {
  tools.forEach((tool, index) => {
    const at = pointer("/tools", index);
    context.trace(at, at);
    if (tool.type !== "function") {
      context.trace(pointer(at, "extensions", "interactions", "declaration"), at, true);
      // A known hosted tool's fields kept by name (see decodeInteractionsTools), each to its own.
      for (const field of Object.keys(tool))
        if (field !== "type")
          context.trace(pointer(at, "extensions", "interactions", field), pointer(at, field), true);
      return;
    }
    for (const field of Object.keys(tool)) {
      if (field === "type") continue;
      const canonical = functionToolFields.get(field);
      if (canonical) context.trace(`${at}/${canonical}`, `${at}/${field}`, true);
      else context.trace(pointer(at, "extensions", "interactions", field), pointer(at, field), true);
    }
  });
}

/**
 * Validates a caller's create request (throwing `invalid_request` naming the field) and converts it:
 * `input` in any of its forms becomes the conversation, `system_instruction` an instruction,
 * `generation_config` the sampling, length, stop, thinking and tool-choice settings,
 * `response_format` (a JSON or text entry) and the older `response_mime_type` the output format.
 * What has no canonical meaning (`background`, `labels`, `webhook_config`, other output formats,
 * other `generation_config` fields) stays in `extensions.interactions`, as does any field the
 * decoded value would not give back exactly. Agent interactions are refused: only models are served.
 */
export function decodeInteractionsRequest(wire: unknown, context: ConversionContext): ChatRequest {
  if (isWireObject(wire) && wire.agent !== undefined && wire.model === undefined)
    throw new CanonicalError("invalid_request", "Agent interactions are not served here; name a model.", {
      param: "agent",
    });
  assertInteractionsWire(InteractionsRequest, wire);
  context.startSource();
  const body = wire as WireObject;
  const rest = remainingFields(body, mappedFields);
  const { messages, form } = decodeInput(body.input, context);
  const request: ChatRequest = { model: body.model as string, messages };
  if (form) rest.inputForm = form;
  if (typeof body.system_instruction === "string")
    request.instructions = [{ role: "system", parts: [{ type: "text", text: body.system_instruction }] }];
  if (Array.isArray(body.tools)) request.tools = decodeInteractionsTools(body.tools as WireObject[]);

  const config = isWireObject(body.generation_config) ? body.generation_config : undefined;
  if (config) {
    const configRest = remainingFields(config, [
      ...directConfig.map(([name]) => name),
      "thinking_level",
      "thinking_summaries",
      "tool_choice",
    ]);
    for (const [wireName, canonicalName] of directConfig)
      if (config[wireName] !== undefined)
        (request as Record<string, unknown>)[canonicalName] = config[wireName];
    const reasoning = decodeInteractionsReasoning(config);
    if (reasoning) request.reasoning = reasoning;
    if (config.tool_choice !== undefined) {
      const choice = decodeInteractionsToolChoice(config.tool_choice);
      const probe = createConversionContext();
      if (choice) request.toolChoice = choice;
      if (!choice || !sameJson(encodeInteractionsToolChoice(choice, "", probe), config.tool_choice))
        configRest.tool_choice = config.tool_choice;
    }
    rest.generationConfig = configRest;
  }

  const format = body.response_format;
  const decodedFormat = Array.isArray(format) ? undefined : decodeInteractionsResponseFormat(format);
  if (decodedFormat) request.outputFormat = decodedFormat;
  if (
    format !== undefined &&
    (!decodedFormat ||
      !sameJson(encodeInteractionsResponseFormat(decodedFormat, "", createConversionContext()), format))
  )
    rest.responseFormat = format;
  if (format === undefined && body.response_mime_type === "application/json")
    request.outputFormat = { type: "json" };

  if (Array.isArray(body.response_modalities)) {
    const modalities = body.response_modalities as string[];
    if (modalities.every((modality) => Modality.safeParse(modality).success))
      request.outputModalities = modalities as Modality[];
    else rest.responseModalities = modalities;
  }
  if (Array.isArray(body.safety_settings)) {
    const settings = body.safety_settings as WireObject[];
    request.safetySettings = settings.map(decodeInteractionsSafetySetting);
    // Kept as they came when the canonical spelling would not give them back (other fields, other case).
    const exact = (setting: WireObject) =>
      Object.keys(setting).every((key) => key === "type" || key === "threshold") &&
      String(setting.type) === String(setting.type).toLowerCase() &&
      String(setting.threshold) === String(setting.threshold).toLowerCase();
    if (!settings.every(exact)) rest.safetySettings = settings;
  }
  if (typeof body.service_tier === "string") request.serviceTier = body.service_tier;
  if (typeof body.previous_interaction_id === "string")
    request.previousResponseId = body.previous_interaction_id;
  if (typeof body.store === "boolean") request.store = body.store;
  if (typeof body.stream === "boolean") request.stream = body.stream;
  if (typeof body.cached_content === "string") request.cachedContent = body.cached_content;
  if (
    config &&
    Object.keys(config).length > 0 &&
    Object.keys(rest.generationConfig as WireObject).length === 0
  )
    delete rest.generationConfig;
  if (Object.keys(rest).length > 0) request.extensions = { interactions: rest };
  traceFields(context, body, requestSources);
  traceFields(context, body, renamedExtensions, {}, true);
  // A JSON schema is copied as it is: what lies below it is where it was.
  traceFields(context, body, { "/outputFormat/schema": "/response_format/schema" }, {}, true);
  for (const key of Object.keys(rest))
    if (body[key] !== undefined)
      context.trace(pointer("/extensions/interactions", key), pointer("", key), true);
  if (Array.isArray(body.tools)) traceTools(context, body.tools as WireObject[]);
  return request;
}
