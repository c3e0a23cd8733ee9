import {
  CanonicalError,
  type ChatRequest,
  type ConversionContext,
  createConversionContext,
  type Message,
  Modality,
  type SafetySetting,
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

/** The input (a string, a content block, content blocks or steps) as turns, with the form it came in. */
function decodeInput(
  input: unknown,
  context: ConversionContext,
): { messages: Message[]; form?: "string" | "content" | "contents" } {
  if (input === undefined) return { messages: [] };
  if (typeof input === "string")
    return { messages: [{ role: "user", parts: [{ type: "text", text: input }] }], form: "string" };
  if (!Array.isArray(input)) {
    const part = decodeInteractionsContent(input as WireObject, "/input", context);
    return { messages: [{ role: "user", parts: part ? [part] : [] }], form: "content" };
  }
  const contents = input.filter(isInteractionsContent);
  if (contents.length > 0 && contents.length < input.length)
    throw new CanonicalError("invalid_request", "The input mixes content blocks and steps", {
      param: "input",
    });
  if (contents.length > 0) {
    const parts = (input as WireObject[]).flatMap(
      (content, index) => decodeInteractionsContent(content, `/input/${index}`, context) ?? [],
    );
    return { messages: [{ role: "user", parts }], form: "contents" };
  }
  return { messages: decodeInteractionsSteps(input as WireObject[], "/input", context) };
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
    if (settings.some((setting) => Object.keys(setting).some((key) => key !== "type" && key !== "threshold")))
      rest.safetySettings = settings;
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
  return request;
}
