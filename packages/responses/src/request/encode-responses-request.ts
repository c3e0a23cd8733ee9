import {
  type ChatRequest,
  type ConversionContext,
  type Message,
  nonEmptyCallId,
  type OutputFormat,
  pointer,
  type ReasoningConfig,
  reportJoinedTurns,
  reportSplitTurns,
  reportStructuredToolResults,
  reportToolResultNames,
  withMadeUpCallIds,
} from "@interlingua/core";
import { encodeResponsesParts } from "../items/encode-responses-items";
import { responsesExtensions, type WireObject } from "../responses-extensions";
import type { ResponsesRequest } from "../wire/responses-request-schema";
import { isAnnouncedTool } from "./announced-tools";
import { encodeResponsesTools } from "./encode-responses-tool";
import { encodeResponsesToolChoice } from "./encode-responses-tool-choice";
import { legalizeResponsesRequest } from "./legalize-responses-request";
import { defaultResponsesModelFamilies, type ResponsesModelFamily } from "./responses-model-families";

/** Canonical settings this format has no field for. */
const unsupportedSettings = [
  "topK",
  "stopSequences",
  "seed",
  "presencePenalty",
  "frequencyPenalty",
  "outputModalities",
  "speech",
  "mediaResolution",
  "safetySettings",
  "cachedContent",
] as const satisfies readonly (keyof ChatRequest)[];

/** Marks this codec keeps in `extensions.responses` of a request, not wire fields. */
const requestMarks = [
  "inputForm",
  "toolChoice",
  "allowedHostedTools",
  "text",
  "textFormat",
  "reasoning",
  "reasoningSummaryField",
  "storeOmitted",
  "toolsOmitted",
  "logprobsIncludeAt",
];

/**
 * A canonical request as a `POST /v1/responses` body. Settings the format lacks (stop sequences,
 * seed, penalties, top-k, ...) are dropped with a loss; instructions are joined into `instructions`.
 * The body is then made one the API accepts ({@link legalizeResponsesRequest}, with `families`
 * telling which models reason), each change a loss.
 */
export function encodeResponsesRequest(
  request: ChatRequest,
  context: ConversionContext,
  families: readonly ResponsesModelFamily[] = defaultResponsesModelFamilies,
): ResponsesRequest {
  const fields = responsesExtensions(request) ?? {};
  const body: WireObject = {};
  for (const key in fields) if (!requestMarks.includes(key)) body[key] = fields[key];
  body.model = request.model;
  reportToolResultNames(request, "responses", context);
  reportStructuredToolResults(request, "responses", context);
  body.input = encodeResponsesInput(
    // A call_id is not empty (spec `FunctionCallOutputItemParam.call_id`: `minLength: 1`); a longer
    // one than 64 characters goes as its digest (`encodeResponsesCallId`).
    withMadeUpCallIds(request, nonEmptyCallId, context).messages,
    fields.inputForm === "string",
    context,
  );
  if (request.instructions?.length) body.instructions = encodeResponsesInstructions(request, context);
  if (request.maxOutputTokens !== undefined) body.max_output_tokens = request.maxOutputTokens;
  if (request.metadata !== undefined) body.metadata = request.metadata;
  if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;
  if (request.previousResponseId !== undefined) body.previous_response_id = request.previousResponseId;
  if (request.reasoning !== undefined)
    body.reasoning = encodeResponsesReasoning(request.reasoning, fields, context);
  if (request.serviceTier !== undefined) body.service_tier = request.serviceTier;
  if (request.store !== undefined) body.store = request.store;
  if (request.stream !== undefined) body.stream = request.stream;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.outputFormat !== undefined || fields.text !== undefined) {
    const text: WireObject = { ...(fields.text as WireObject | undefined) };
    if (request.outputFormat !== undefined)
      text.format = {
        ...encodeResponsesTextFormat(request.outputFormat, context),
        ...(fields.textFormat as WireObject),
      };
    body.text = text;
  }
  if (request.toolChoice !== undefined)
    body.tool_choice = encodeResponsesToolChoice(
      request.toolChoice,
      fields.toolChoice ?? fields.tool_choice,
      context,
      "/toolChoice",
    );
  if (request.tools !== undefined) {
    // Tools an `additional_tools` input item announced go back inside it, not here.
    const own = request.tools.filter((tool) => !isAnnouncedTool(tool));
    if (own.length > 0 || fields.toolsOmitted !== true)
      body.tools = encodeResponsesTools(request.tools, context, false, isAnnouncedTool);
  }
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.topLogprobs !== undefined) body.top_logprobs = request.topLogprobs;
  if (request.truncation !== undefined) body.truncation = request.truncation;
  if (request.user !== undefined) body.user = request.user;
  if (request.promptCacheKey !== undefined) body.prompt_cache_key = request.promptCacheKey;
  if (request.safetyIdentifier !== undefined) body.safety_identifier = request.safetyIdentifier;
  if (request.logprobs) {
    const include = Array.isArray(body.include) ? [...(body.include as string[])] : [];
    // Back where a responses caller asked for it (before its other entries, or a repeat of it).
    const at = fields.logprobsIncludeAt;
    if (typeof at === "number") include.splice(at, 0, "message.output_text.logprobs");
    else if (!include.includes("message.output_text.logprobs")) include.push("message.output_text.logprobs");
    body.include = include;
  }
  if (request.candidateCount !== undefined && request.candidateCount > 1)
    context.lose("unsupported", "/candidateCount", "the responses format returns one candidate");
  for (const setting of unsupportedSettings) {
    if (request[setting] !== undefined)
      context.lose("dropped", pointer("", setting), `the responses format has no ${setting} setting`);
  }
  legalizeResponsesRequest(body, fields.storeOmitted === true, families, context);
  return body as ResponsesRequest;
}

/** Canonical messages as the `input` list (or the original string when the request was one). */
export function encodeResponsesInput(
  messages: readonly Message[],
  stringForm: boolean,
  context: ConversionContext,
): string | WireObject[] {
  const only = messages[0];
  if (stringForm && messages.length === 1 && only?.role === "user" && only.extensions === undefined) {
    const part = only.parts[0];
    if (only.parts.length === 1 && part?.type === "text" && part.extensions === undefined && !part.citations)
      return part.text;
  }
  const items: WireObject[] = [];
  messages.forEach((message, index) => {
    const path = `/messages/${index}`;
    const fields = responsesExtensions(message);
    if (fields?.itemReference !== undefined) {
      items.push(fields.itemReference as WireObject);
      return;
    }
    if (message.parts.length === 0) {
      if (fields?.item !== undefined)
        items.push({ ...(fields.item as WireObject), role: message.role, content: [] });
      else context.lose("dropped", path, "a message with nothing the responses format can carry");
      return;
    }
    const encoded = encodeResponsesParts(
      message.parts,
      message.role,
      "input",
      context,
      `${path}/parts`,
      fields,
    );
    // A message none of whose parts could be sent is left out: a loss at the message, not only at its parts.
    if (encoded.length === 0)
      context.lose("dropped", path, "a message with nothing the responses format can carry");
    items.push(...encoded);
  });
  // Assistant-side items in a row are one assistant turn to the decoder; a user, system or developer
  // message is an item of its own.
  reportJoinedTurns(
    messages,
    (message, index) =>
      message.role === "assistant" || message.role === "tool" ? message.role : `message ${index}`,
    context,
    "responses",
  );
  // Calls, reasoning and hosted tool calls are the model's items, a tool result the caller's (a part
  // of this format's own item goes back as that item).
  reportSplitTurns(
    messages,
    (part) =>
      part.extensions?.responses !== undefined
        ? undefined
        : part.type === "tool-result"
          ? "caller"
          : part.type === "tool-call" || part.type === "reasoning" || part.type === "hosted-tool-call"
            ? "model"
            : undefined,
    context,
    "responses",
  );
  return items;
}

function encodeResponsesInstructions(request: ChatRequest, context: ConversionContext): string {
  const texts: string[] = [];
  request.instructions!.forEach((instruction, index) => {
    instruction.parts.forEach((part, partIndex) => {
      if (part.cache)
        context.lose(
          "dropped",
          pointer("", "instructions", index, "parts", partIndex, "cache"),
          "the responses format has no cache breakpoints",
        );
      if (part.signature)
        context.lose(
          "dropped",
          pointer("", "instructions", index, "parts", partIndex, "signature"),
          "the responses instructions carry no signature",
        );
      texts.push(part.text);
    });
  });
  // Each instruction joined with another is reported, at its own path.
  if (texts.length > 1)
    for (const index of request.instructions!.keys())
      context.lose(
        "approximated",
        pointer("/instructions", index),
        "several instruction blocks were joined into one instructions string",
      );
  return texts.join("\n\n");
}

/** The reasoning summaries the responses format names (`reasoning.summary`). */
const responsesSummaries = ["auto", "concise", "detailed"];

function encodeResponsesReasoning(
  reasoning: ReasoningConfig,
  fields: WireObject,
  context: ConversionContext,
): WireObject {
  const encoded: WireObject = { ...(fields.reasoning as WireObject | undefined) };
  if (reasoning.effort !== undefined) {
    encoded.effort = reasoning.effort;
    // A budget or thinking turned off has no place beside an effort: the effort is sent, and
    // thinking goes by it (the whole setting: a fixed budget is another kind of thinking).
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
  } else if (reasoning.budgetTokens !== undefined) {
    encoded.effort =
      reasoning.budgetTokens <= 2048 ? "low" : reasoning.budgetTokens <= 12_000 ? "medium" : "high";
    context.lose("approximated", "/reasoning", "a thinking budget became a reasoning effort");
    // An effort the caller did not set: their own field when they sent it null, else the setting.
    if (context.sourcePath("/reasoning/effort") !== context.sourcePath("/reasoning"))
      context.lose(
        "approximated",
        "/reasoning/effort",
        `the thinking budget is sent as effort ${encoded.effort}`,
      );
  } else if (reasoning.enabled === false) {
    encoded.effort = "minimal";
    context.lose("approximated", "/reasoning/enabled", "disabled thinking became minimal reasoning effort");
  } else if (reasoning.enabled === true) {
    // Thinking on at the model's discretion (messages `adaptive`) has no effort: none is sent.
    context.lose(
      "approximated",
      "/reasoning/enabled",
      "thinking on with no budget or effort is sent as no effort (the model's default)",
    );
  }
  if (reasoning.summary !== undefined) {
    const known = responsesSummaries.includes(reasoning.summary);
    encoded[fields.reasoningSummaryField === "generate_summary" ? "generate_summary" : "summary"] = known
      ? reasoning.summary
      : "auto";
    if (!known)
      context.lose(
        "approximated",
        "/reasoning/summary",
        `a ${reasoning.summary} summary is none the responses format names; auto is sent`,
      );
  } else if (reasoning.includeThoughts) {
    encoded.summary = "auto";
    context.lose(
      "approximated",
      "/reasoning/includeThoughts",
      "returned thoughts became an automatic reasoning summary",
    );
  } else if (reasoning.includeThoughts === false)
    // No summary is the format's default, but no setting says "leave thoughts out".
    context.lose(
      "dropped",
      "/reasoning/includeThoughts",
      "the responses format has no setting to leave thoughts out (it sends none by default)",
    );
  return encoded;
}

/** A canonical output format as `text.format`. */
export function encodeResponsesTextFormat(format: OutputFormat, context: ConversionContext): WireObject {
  switch (format.type) {
    case "text":
      return { type: "text" };
    case "json":
      return { type: "json_object" };
    case "json-schema": {
      const encoded: WireObject = {
        type: "json_schema",
        name: format.name ?? "output",
        schema: format.schema,
      };
      if (format.description !== undefined) encoded.description = format.description;
      if (format.strict !== undefined) encoded.strict = format.strict;
      return encoded;
    }
    case "enum":
      context.lose("approximated", "/outputFormat", "an enum output became a JSON schema with a string enum");
      return {
        type: "json_schema",
        name: "enum",
        schema: {
          type: "object",
          properties: { value: { type: "string", enum: format.values } },
          required: ["value"],
          additionalProperties: false,
        },
        strict: true,
      };
    default: {
      const unknown: never = format;
      throw new TypeError(`Unknown output format ${JSON.stringify(unknown)}`);
    }
  }
}
