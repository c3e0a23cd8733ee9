import {
  assertOpenAiStyleWire,
  CanonicalError,
  type ChatRequest,
  type ConversionContext,
  type OutputFormat,
  pointer,
  type ReasoningConfig,
  reasoningOfEffort,
  traceExtensions,
  traceFields,
} from "@interlingua/core";
import { decodeResponsesInput } from "../items/decode-responses-items";
import { remainingFields, responsesExtensions, type WireObject } from "../responses-extensions";
import { ResponsesRequest } from "../wire/responses-request-schema";
import { decodeAnnouncedTools } from "./announced-tools";
import { decodedToolSources, decodeResponsesTools } from "./decode-responses-tool";
import { decodeResponsesToolChoice } from "./decode-responses-tool-choice";
import type { legalizeResponsesRequest } from "./legalize-responses-request";
import {
  defaultResponsesModelFamilies,
  findResponsesModelFamily,
  nearestResponsesEffort,
  type ResponsesModelFamily,
  responsesSamplingRules,
} from "./responses-model-families";
import { strictSchemaProblem } from "./strict-schema-problem";

/** Request fields mapped one to one onto canonical settings when they hold a value. */
const directSettings = [
  ["max_output_tokens", "maxOutputTokens"],
  ["metadata", "metadata"],
  ["parallel_tool_calls", "parallelToolCalls"],
  ["previous_response_id", "previousResponseId"],
  ["service_tier", "serviceTier"],
  ["store", "store"],
  ["stream", "stream"],
  ["temperature", "temperature"],
  ["top_p", "topP"],
  ["top_logprobs", "topLogprobs"],
  ["truncation", "truncation"],
  ["user", "user"],
  ["prompt_cache_key", "promptCacheKey"],
  ["safety_identifier", "safetyIdentifier"],
] as const satisfies readonly (readonly [string, keyof ChatRequest])[];

/**
 * Validates a caller's `POST /v1/responses` body (throwing `invalid_request` naming the field) and
 * converts it. A string `input` is one user message (remembered as `inputForm: "string"`);
 * `instructions` become a leading system instruction; settings, tools, `tool_choice`, `text.format`
 * and `reasoning` map to their canonical fields; the tools of `additional_tools` input items join
 * the tools too (see `decodeAnnouncedTools`). Null values and fields with no canonical meaning
 * stay in `extensions.responses`, and a request without `store` is marked `storeOmitted` (so an
 * encoder adds no `store` of its own). Like the API, it refuses `temperature` and `top_p` other
 * than 1 for a model that reasons (`families` tells which do).
 */
export function decodeResponsesRequest(
  wire: unknown,
  context: ConversionContext,
  families: readonly ResponsesModelFamily[] = defaultResponsesModelFamilies,
): ChatRequest {
  context.startSource();
  assertOpenAiStyleWire(ResponsesRequest, wire);
  const body = wire as WireObject;
  checkEffort(body, families);
  checkSampling(body, families);
  checkStrictSchemas(body);
  const consumed: string[] = ["model", "input"];
  const marks: WireObject = {};
  if (body.store === undefined) marks.storeOmitted = true;
  const request: ChatRequest = { model: body.model as string, messages: [] };

  if (typeof body.input === "string") {
    request.messages = [{ role: "user", parts: [{ type: "text", text: body.input }] }];
    marks.inputForm = "string";
    context.trace("/messages/0", "/input");
  } else {
    request.messages = decodeResponsesInput(body.input as WireObject[], (canonical, source, sameShape) =>
      context.trace(canonical, source, sameShape),
    );
  }
  if (typeof body.instructions === "string") {
    request.instructions = [{ role: "system", parts: [{ type: "text", text: body.instructions }] }];
    consumed.push("instructions");
  }
  for (const [wireName, canonicalName] of directSettings) {
    const value = body[wireName];
    if (value === undefined || value === null) continue;
    (request as Record<string, unknown>)[canonicalName] = value;
    consumed.push(wireName);
  }
  // Output text logprobs asked for in `include` are the canonical logprobs setting (`include` is kept).
  if (Array.isArray(body.include) && body.include.includes("message.output_text.logprobs"))
    request.logprobs = true;
  if (Array.isArray(body.tools)) {
    request.tools = decodeResponsesTools(body.tools as WireObject[]);
    consumed.push("tools");
  }
  const announced = decodeAnnouncedTools(body.input);
  if (announced.length > 0) {
    if (request.tools === undefined) marks.toolsOmitted = true;
    request.tools = [...(request.tools ?? []), ...announced];
  }
  if (body.tool_choice !== undefined) {
    const { toolChoice, raw, unsaid, hostedAllowed } = decodeResponsesToolChoice(body.tool_choice);
    request.toolChoice = toolChoice;
    // A choice no canonical one says is a caller field of this format, reported lost elsewhere.
    if (unsaid) marks.tool_choice = raw;
    else if (raw !== undefined) marks.toolChoice = raw;
    // So are the hosted tools of an allowed-tools list: without them the choice is another one.
    if (hostedAllowed !== undefined) marks.allowedHostedTools = hostedAllowed;
    consumed.push("tool_choice");
  }
  if (body.text !== undefined && body.text !== null) {
    const text = body.text as WireObject;
    const format = text.format as WireObject | undefined;
    if (format !== undefined) request.outputFormat = decodeResponsesTextFormat(format, marks);
    const textRest = remainingFields(text, ["format"]);
    if (textRest !== undefined) marks.text = textRest;
    else if (format === undefined) marks.text = {};
    consumed.push("text");
  }
  if (body.reasoning !== undefined && body.reasoning !== null) {
    const reasoning = body.reasoning as WireObject;
    const config: ReasoningConfig = {};
    const reasoningConsumed: string[] = [];
    if (typeof reasoning.effort === "string") {
      // An effort turns reasoning on (decision 0044).
      Object.assign(config, reasoningOfEffort(reasoning.effort));
      reasoningConsumed.push("effort");
    }
    if (typeof reasoning.summary === "string") {
      config.summary = reasoning.summary;
      reasoningConsumed.push("summary");
    } else if (typeof reasoning.generate_summary === "string") {
      config.summary = reasoning.generate_summary;
      reasoningConsumed.push("generate_summary");
      marks.reasoningSummaryField = "generate_summary";
    }
    request.reasoning = config;
    const reasoningRest = remainingFields(reasoning, reasoningConsumed);
    if (reasoningRest !== undefined) marks.reasoning = reasoningRest;
    consumed.push("reasoning");
  }

  const include = decodeLogprobsInclude(body, request, marks);
  if (include !== undefined) consumed.push("include");
  const rest = remainingFields(body, consumed);
  const extensions = rest === undefined ? marks : { ...rest, ...marks };
  if (Object.keys(extensions).length > 0) request.extensions = { responses: extensions };
  traceFields(context, body, requestSources);
  traceExtensions(context, body, "responses", Object.keys(extensions));
  if (include !== undefined) context.trace("/logprobs", pointer("/include", include));
  if (marks.allowedHostedTools !== undefined)
    context.trace("/extensions/responses/allowedHostedTools", "/tool_choice");
  // The request's tools, then those its additional_tools items announce (an item being where they
  // were announced), in the order decoded.
  const toolSources: { source: string; group?: string; node?: string; item?: string }[] = [
    ...(Array.isArray(body.tools) ? decodedToolSources(body.tools as WireObject[]) : []),
    ...(Array.isArray(body.input) ? (body.input as WireObject[]) : []).flatMap((item, index) =>
      item?.type === "additional_tools" && Array.isArray(item.tools)
        ? decodedToolSources(item.tools as WireObject[], pointer("/input", index, "tools")).map((tool) => ({
            ...tool,
            item: pointer("/input", index),
          }))
        : [],
    ),
  ];
  toolSources.forEach(({ source, group, node, item }, index) => {
    context.trace(pointer("/tools", index), node ?? source);
    // A tool's own fields the codec keeps are where they were in the tool.
    context.trace(pointer("/tools", index, "extensions", "responses"), source, true);
    // An unstated strictness is the tool's `strict: null`, or the tool itself when it has none.
    const tool = request.tools?.[index];
    const kept = tool && responsesExtensions(tool);
    if (kept?.strictByDefault === true)
      context.trace(
        pointer("/tools", index, "extensions", "responses", "strictByDefault"),
        kept.strict === null ? pointer(source, "strict") : source,
      );
    // A namespace member's group is the namespace tool, all of it.
    if (group !== undefined)
      context.trace(pointer("/tools", index, "extensions", "responses", "namespace"), group);
    // A hosted tool's version is the spelling of its type.
    context.trace(pointer("/tools", index, "version"), pointer(source, "type"));
    if (item !== undefined)
      context.trace(pointer("/tools", index, "extensions", "responses", "announced"), item);
  });
  return request;
}

/** The `include` value that asks for the log probabilities of the answer's text. */
const logprobsInclude = "message.output_text.logprobs";

/**
 * Reads `include: ["message.output_text.logprobs"]` as the canonical `logprobs` request, the
 * setting other formats say with a flag (the encoder writes it back as that entry, where it was:
 * `marks.logprobsIncludeAt`). The other entries, a repeat of that one included, stay in
 * `marks.include` (what to add to the answer), reported lost elsewhere. Returns the entry's index,
 * or undefined when the request does not ask for it.
 */
function decodeLogprobsInclude(
  body: WireObject,
  request: ChatRequest,
  marks: WireObject,
): number | undefined {
  if (!Array.isArray(body.include)) return undefined;
  const index = body.include.indexOf(logprobsInclude);
  if (index < 0) return undefined;
  request.logprobs = true;
  const others = body.include.filter((_, at) => at !== index);
  if (others.length > 0) marks.include = others;
  if (index < others.length) marks.logprobsIncludeAt = index;
  return index;
}

/** Canonical request fields and the responses fields they come from, for loss paths. */
const requestSources: Record<string, string> = {
  ...Object.fromEntries(
    directSettings.map(([wireName, canonicalName]) => [`/${canonicalName}`, `/${wireName}`]),
  ),
  "/model": "/model",
  "/logprobs": "/include",
  "/instructions": "/instructions",
  "/instructions/0": "/instructions",
  "/tools": "/tools",
  "/toolChoice": "/tool_choice",
  "/outputFormat": "/text/format",
  "/reasoning": "/reasoning",
  "/reasoning/effort": "/reasoning/effort",
  // Thinking is on because of the effort (decision 0044).
  "/reasoning/enabled": "/reasoning/effort",
  "/reasoning/summary": "/reasoning/summary",
};

/**
 * Refuses a reasoning effort the model does not take (any, for a model that does not reason), as
 * the API does and {@link legalizeResponsesRequest} changes in other formats' requests.
 */
function checkEffort(body: WireObject, families: readonly ResponsesModelFamily[]): void {
  const effort = (body.reasoning as WireObject | null | undefined)?.effort;
  if (typeof effort !== "string") return;
  const family = findResponsesModelFamily(body.model as string, families);
  if (family === undefined) return;
  if (!family.reasoning)
    throw new CanonicalError(
      "invalid_request",
      "Unsupported parameter: 'reasoning.effort' is not supported with this model.",
      { param: "reasoning.effort", code: "unsupported_parameter" },
    );
  if (nearestResponsesEffort(family, effort) !== undefined)
    throw new CanonicalError(
      "invalid_request",
      `Unsupported value: 'reasoning.effort' does not support '${effort}' with this model. Supported values are: ${family.efforts!.map((value) => `'${value}'`).join(", ")}.`,
      { param: "reasoning.effort", code: "unsupported_value" },
    );
}

/**
 * Refuses what the API refuses of a strict schema (and what {@link legalizeResponsesRequest} sends
 * without `strict` from other formats): an object that is not closed or leaves a property optional.
 */
function checkStrictSchemas(body: WireObject): void {
  const refuse = (param: string, where: string) =>
    new CanonicalError(
      "invalid_request",
      `Invalid schema for ${param}: In context=(${where || "root"}), every object must set 'additionalProperties' to false and list every property in 'required'.`,
      { param, code: "invalid_function_parameters" },
    );
  const tools = Array.isArray(body.tools) ? (body.tools as WireObject[]) : [];
  tools.forEach((tool, index) => {
    if (tool?.type !== "function" || tool.strict !== true) return;
    const problem = strictSchemaProblem(tool.parameters);
    if (problem !== undefined) throw refuse(`tools[${index}].parameters`, problem);
  });
  const format = (body.text as WireObject | undefined)?.format as WireObject | undefined;
  if (format?.type !== "json_schema" || format.strict !== true) return;
  const problem = strictSchemaProblem(format.schema);
  if (problem !== undefined) throw refuse("text.format.schema", problem);
}

/**
 * Refuses what the API refuses of a reasoning model (and what {@link legalizeResponsesRequest}
 * drops from other formats' requests): `temperature` or `top_p` other than their default 1.
 */
function checkSampling(body: WireObject, families: readonly ResponsesModelFamily[]): void {
  if (responsesSamplingRules(body.model as string, body.reasoning, families).sampling) return;
  for (const field of ["temperature", "top_p"]) {
    const value = body[field];
    if (typeof value === "number" && value !== 1)
      throw new CanonicalError(
        "invalid_request",
        `Unsupported value: '${field}' does not support ${value} with this model. Only the default (1) value is supported.`,
        { param: field, code: "unsupported_value" },
      );
  }
}

function decodeResponsesTextFormat(format: WireObject, marks: WireObject): OutputFormat {
  switch (format.type) {
    case "json_object":
      keepFormatRest(format, ["type"], marks);
      return { type: "json" };
    case "json_schema": {
      const output: OutputFormat = {
        type: "json-schema",
        name: format.name as string,
        schema: format.schema as Record<string, unknown>,
      };
      const consumed = ["type", "name", "schema"];
      if (typeof format.description === "string") {
        output.description = format.description;
        consumed.push("description");
      }
      if (typeof format.strict === "boolean") {
        output.strict = format.strict;
        consumed.push("strict");
      }
      keepFormatRest(format, consumed, marks);
      return output;
    }
    default:
      keepFormatRest(format, ["type"], marks);
      return { type: "text" };
  }
}

function keepFormatRest(format: WireObject, consumed: string[], marks: WireObject): void {
  const rest = remainingFields(format, consumed);
  if (rest !== undefined) marks.textFormat = rest;
}
