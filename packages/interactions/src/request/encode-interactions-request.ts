import { CanonicalError, type ChatRequest, type ConversionContext, pointer } from "@interlingua/core";
import { isWireObject, readInteractionsExtension, type WireObject } from "../interactions-extensions";
import type { InteractionsRequest } from "../wire/interactions-request-schema";
import { encodeInteractionsSteps } from "./encode-interactions-steps";
import { encodeInteractionsContent } from "./interactions-content";
import { encodeInteractionsResponseFormat } from "./interactions-output-format";
import { encodeInteractionsReasoning } from "./interactions-reasoning";
import { encodeInteractionsToolChoice, encodeInteractionsTools } from "./interactions-tools";
import { legalizeInteractionsThinkingLevel } from "./legalize-interactions-thinking-level";

/** Extension fields that are marks of the decoder, not wire fields. */
const requestMarks = [
  "inputForm",
  "generationConfig",
  "responseFormat",
  "responseModalities",
  "safetySettings",
];

/** Canonical settings this format has no field for, with what the loss says. */
const unsupportedSettings = [
  ["topK", "top-k sampling"],
  ["presencePenalty", "a presence penalty"],
  ["frequencyPenalty", "a frequency penalty"],
  ["logprobs", "log probabilities"],
  ["topLogprobs", "top log probabilities"],
  ["parallelToolCalls", "a parallel tool calls switch"],
  ["user", "an end-user id"],
  ["metadata", "metadata (labels are this format's own)"],
  ["truncation", "a truncation setting"],
  ["speech", "speech settings"],
  ["mediaResolution", "a request-wide media resolution"],
  ["promptCacheKey", "a prompt cache key"],
  ["safetyIdentifier", "an end-user safety identifier"],
] as const satisfies readonly (readonly [keyof ChatRequest, string])[];

/** The conversation as `input`, in the form it came in when it still fits that form, else as steps. */
function encodeInput(request: ChatRequest, form: unknown, context: ConversionContext): unknown {
  const [only] = request.messages;
  const single = request.messages.length === 1 && only?.role === "user";
  const contentsOnly = single && only.parts.every((part) => part.type === "text" || part.type === "media");
  if (contentsOnly && form === "string" && only.parts.length === 1 && only.parts[0]?.type === "text")
    return only.parts[0].text;
  if (contentsOnly && form === "content" && only.parts.length === 1)
    return encodeInteractionsContent(only.parts[0] as never, "/messages/0/parts/0", context);
  if (contentsOnly && form === "contents")
    return only.parts.map((part, index) =>
      encodeInteractionsContent(part as never, pointer("/messages/0/parts", index), context),
    );
  return encodeInteractionsSteps(request.messages, "/messages", context);
}

/** Instructions as the one `system_instruction` string (several parts joined by blank lines, with a loss). */
function encodeSystemInstruction(request: ChatRequest, context: ConversionContext): string | undefined {
  const instructions = request.instructions ?? [];
  if (instructions.length === 0) return undefined;
  const texts: string[] = [];
  // A developer instruction is what a system one is (the chat-completions spec says so): no loss.
  instructions.forEach((instruction, index) => {
    instruction.parts.forEach((part, partIndex) => {
      texts.push(part.text);
      if (part.cache)
        context.lose(
          "dropped",
          pointer("/instructions", index, "parts", partIndex, "cache"),
          "This format has no prompt-caching breakpoints",
        );
      if (part.signature)
        context.lose(
          "dropped",
          pointer("/instructions", index, "parts", partIndex, "signature"),
          "The system instruction carries no signature",
        );
    });
  });
  // Each instruction joined with another is reported, at its own path.
  if (texts.length > 1)
    for (const index of instructions.keys())
      context.lose(
        "approximated",
        pointer("/instructions", index),
        "Several instruction parts are joined into one system instruction",
      );
  return texts.join("\n\n");
}

/**
 * A canonical request as a create request (`CreateModelInteraction`): the conversation as `input`
 * (steps, or the string / content form it came in), instructions as `system_instruction`, settings
 * in `generation_config`, the output format as a `response_format` entry; fields kept by the decoder
 * go back as they came. Settings the format has no field for are reported as losses.
 */
export function encodeInteractionsRequest(
  request: ChatRequest,
  context: ConversionContext,
): InteractionsRequest {
  const extra = readInteractionsExtension(request) ?? {};
  const wire: WireObject = { model: request.model };
  const input = encodeInput(request, extra.inputForm, context);
  // Messages of which nothing could be sent (an empty refusal) leave no input: refused, not sent empty.
  if (Array.isArray(input) && input.length === 0 && request.messages.length > 0)
    if (request.previousResponseId === undefined)
      throw new CanonicalError(
        "invalid_request",
        "No message of the request can be sent in the interactions format, which needs some input",
        { param: "input" },
      );
  if (!(Array.isArray(input) && input.length === 0 && request.previousResponseId !== undefined))
    wire.input = input;
  const system = encodeSystemInstruction(request, context);
  if (system !== undefined) wire.system_instruction = system;
  if (request.tools) wire.tools = encodeInteractionsTools(request.tools, "/tools", context);

  const config: WireObject = isWireObject(extra.generationConfig) ? { ...extra.generationConfig } : {};
  if (request.temperature !== undefined) config.temperature = request.temperature;
  if (request.topP !== undefined) config.top_p = request.topP;
  if (request.seed !== undefined) config.seed = request.seed;
  if (request.maxOutputTokens !== undefined) config.max_output_tokens = request.maxOutputTokens;
  if (request.stopSequences !== undefined) config.stop_sequences = request.stopSequences;
  if (request.reasoning) {
    encodeInteractionsReasoning(request.reasoning, "/reasoning", context, config);
    legalizeInteractionsThinkingLevel(request.model, config, context);
  }
  if (request.toolChoice && config.tool_choice === undefined) {
    const choice = encodeInteractionsToolChoice(request.toolChoice, "/toolChoice", context);
    if (choice !== undefined) config.tool_choice = choice;
  }
  if (Object.keys(config).length > 0 || isWireObject(extra.generationConfig)) wire.generation_config = config;

  if (extra.responseFormat !== undefined) wire.response_format = extra.responseFormat;
  else if (
    request.outputFormat &&
    !(request.outputFormat.type === "json" && extra.response_mime_type === "application/json")
  )
    wire.response_format = encodeInteractionsResponseFormat(request.outputFormat, "/outputFormat", context);
  if (extra.responseModalities !== undefined) wire.response_modalities = extra.responseModalities;
  else if (request.outputModalities) wire.response_modalities = request.outputModalities;
  if (extra.safetySettings !== undefined) wire.safety_settings = extra.safetySettings;
  else if (request.safetySettings)
    wire.safety_settings = request.safetySettings.map((setting) => ({
      type: setting.category.replace(/^HARM_CATEGORY_/, "").toLowerCase(),
      threshold: setting.threshold.toLowerCase(),
    }));
  if (request.serviceTier !== undefined) wire.service_tier = request.serviceTier;
  if (request.previousResponseId !== undefined) wire.previous_interaction_id = request.previousResponseId;
  if (request.store !== undefined) wire.store = request.store;
  if (request.stream !== undefined) wire.stream = request.stream;
  if (request.cachedContent !== undefined) wire.cached_content = request.cachedContent;
  if (request.candidateCount !== undefined && request.candidateCount !== 1)
    context.lose("unsupported", "/candidateCount", "This format generates one answer per interaction");
  for (const [field, what] of unsupportedSettings) {
    if (request[field] !== undefined)
      context.lose("dropped", `/${field}`, `This format has no field for ${what}`);
  }
  for (const key in extra) if (!requestMarks.includes(key)) wire[key] = extra[key];
  return wire as InteractionsRequest;
}
