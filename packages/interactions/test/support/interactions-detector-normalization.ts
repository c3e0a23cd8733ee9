import { type DetectorNormalization, joinStreamEvents, withoutZeroCounts } from "@interlingua/core/test";

type WireObject = Record<string, unknown>;

const isObject = (value: unknown): value is WireObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The content blocks a request's `input` is made of, when it is not a list of steps. */
const contentTypes = new Set(["text", "image", "audio", "video", "document"]);

/**
 * A request's `input` as the list of steps it means: a string is one `user_input` step with one
 * text block, a content block or a list of them one `user_input` step holding them.
 */
function inputAsSteps(input: unknown): unknown {
  if (typeof input === "string") return [{ type: "user_input", content: [{ type: "text", text: input }] }];
  if (isObject(input)) return [{ type: "user_input", content: [input] }];
  if (Array.isArray(input) && input.length > 0 && input.every((item) => contentTypes.has(item?.type)))
    return [{ type: "user_input", content: input }];
  return input;
}

/**
 * The request settings an `Interaction` echoes, and the fields the client derives from its steps
 * (`output_text`, `output_image`, …): in an exchange they come from the caller's own request or
 * repeat the steps, not new information of the answer.
 */
const echoedOrDerived = [
  "agent",
  "agent_config",
  "background",
  "cached_content",
  "continuation_token",
  "environment",
  "generation_config",
  "input",
  "labels",
  "output_audio",
  "output_image",
  "output_text",
  "output_video",
  "previous_interaction_id",
  "response_format",
  "response_mime_type",
  "response_modalities",
  "safety_settings",
  "service_tier",
  "store",
  "system_instruction",
  "tools",
  "webhook_config",
];

/** How many of an answer's steps echo the caller's input: up to the last input or tool-result step. */
function echoedInputLength(steps: unknown[]): number {
  let length = 0;
  steps.forEach((step, index) => {
    if (isObject(step) && (step.type === "user_input" || step.type === "function_result")) length = index + 1;
  });
  return length;
}

/** The content block types whose `data` is base64. */
const mediaTypes = new Set(["image", "audio", "video", "document"]);

/**
 * `value` with the base64 `data` of every media content block in one spelling (the standard
 * alphabet, no padding): the API's bytes fields take standard or URL-safe base64, padded or not
 * (the protobuf JSON mapping), so the spellings are the same bytes.
 */
function withBase64Spelled(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withBase64Spelled);
  if (!isObject(value)) return value;
  const result: WireObject = {};
  for (const [key, field] of Object.entries(value)) result[key] = withBase64Spelled(field);
  if (mediaTypes.has(String(value.type)) && typeof value.data === "string")
    result.data = value.data.replaceAll("-", "+").replaceAll("_", "/").replace(/=+$/, "");
  return result;
}

/**
 * A request without a `response_format` that only says `{type: "text"}`: text output of the
 * default MIME type (`text/plain`, the Gemini API's default), what no format says.
 */
function withoutPlainTextFormat(request: WireObject): WireObject {
  const format = request.response_format;
  if (!isObject(format) || format.type !== "text" || Object.keys(format).length > 1) return request;
  const { response_format: _format, ...rest } = request;
  return rest;
}

/** The counts `total_tokens` adds up ("prompt + responses + other internal tokens"). */
const summedCounts = [
  "total_input_tokens",
  "total_output_tokens",
  "total_thought_tokens",
  "total_tool_use_tokens",
];

/**
 * A `Usage` without a `total_tokens` that is the sum of its counts: the client adds them up, so it
 * says nothing a format without a total loses.
 */
function withoutImpliedTotal(usage: unknown): unknown {
  if (!isObject(usage) || typeof usage.total_tokens !== "number") return usage;
  const sum = summedCounts.reduce((total, field) => total + (Number(usage[field]) || 0), 0);
  if (sum !== usage.total_tokens) return usage;
  const { total_tokens: _total, ...rest } = usage;
  return rest;
}

/**
 * An `Interaction` without the settings it echoes, the input steps it echoes and the derived fields,
 * and its usage without counts of 0 (its creation time is compared: decision 0040).
 */
function withoutEcho(interaction: WireObject): WireObject {
  const result = { ...interaction };
  for (const field of echoedOrDerived) delete result[field];
  if (Array.isArray(result.steps)) result.steps = result.steps.slice(echoedInputLength(result.steps));
  // A count of 0 says no such tokens, as an absent one does (the shared usage normalisation).
  if (result.usage !== undefined) result.usage = withoutZeroCounts(withoutImpliedTotal(result.usage));
  return result;
}

/**
 * A loss path into an answer as a path into the answer without its echoed input steps: a step
 * after them is numbered from the first step of the answer, and an echoed step itself was left out.
 */
function placeInAnswer(path: string, interaction: unknown): string | undefined {
  const match = /^\/steps\/(\d+)(\/.*)?$/.exec(path);
  if (!match || !isObject(interaction) || !Array.isArray(interaction.steps)) return path;
  const index = Number(match[1]) - echoedInputLength(interaction.steps);
  if (index < 0) return undefined;
  return wholeStep(`/steps/${index}${match[2] ?? ""}`, interaction.steps[Number(match[1])]);
}

/**
 * A loss at the only content block of a content step (`/input/2/content/0`) as one at the step: the
 * step says nothing else, so a format that cannot carry the block leaves no step.
 */
function wholeStep(path: string, step: unknown): string {
  const match = /^(\/(?:input|steps)\/\d+)\/content\/0$/.exec(path);
  if (!match || !isObject(step) || !Array.isArray(step.content) || step.content.length !== 1) return path;
  return Object.keys(step).every((key) => key === "type" || key === "content") ? match[1]! : path;
}

/**
 * A loss path into a request's `input` as a path into the one `user_input` step a string or content
 * blocks mean (see `inputAsSteps`).
 */
function placeInRequest(path: string, request: unknown): string | undefined {
  if (!isObject(request) || !/^\/input(\/|$)/.test(path)) return path;
  const rest = path.slice("/input".length);
  // A loss at the whole input is one at the whole step.
  if (rest === "") return path;
  const input = request.input;
  if (typeof input === "string") return `/input/0/content/0/text${rest}`;
  // Content blocks are the content of the one step they mean.
  const steps = inputAsSteps(input);
  if (isObject(input)) return wholeStep(`/input/0/content/0${rest}`, (steps as unknown[])[0]);
  if (steps !== input) return wholeStep(`/input/0/content${rest}`, (steps as unknown[])[0]);
  const index = /^\/(\d+)/.exec(rest)?.[1];
  return Array.isArray(input) && index !== undefined ? wholeStep(path, input[Number(index)]) : path;
}

/** The fields whose text a split delta stream joins. */
const joined = new Set(["text", "arguments", "signature"]);

/** The usage an event carries, its own or its interaction's. */
function usageOf(event: WireObject): unknown {
  return event.usage ?? (isObject(event.interaction) ? event.interaction.usage : undefined);
}

/**
 * Where each event goes: under its step by event and delta kind, or by its own kind. A step is
 * named by its type and how many steps of that type came before it (`/thought 0/start`), so that a
 * step another format drops (with a loss) does not shift the steps after it.
 */
function eventKeys(events: readonly unknown[]): (string | undefined)[] {
  const stepNames = new Map<unknown, string>();
  const counts = new Map<string, number>();
  // Usage counts are running totals: a snapshot a later event's usage replaces says nothing more.
  const lastUsage = events.findLastIndex((value) => usageOf(value as WireObject) !== undefined);
  return events.map((value, index) => {
    const event = value as WireObject;
    const type = String(event.event_type);
    if (
      type === "interaction.status_update" &&
      event.status === "in_progress" &&
      (event.usage === undefined || index < lastUsage)
    )
      return undefined;
    if (typeof event.index !== "number") return `/${type}`;
    if (type === "step.start") {
      const stepType = isObject(event.step) ? String(event.step.type) : "step";
      const count = counts.get(stepType) ?? 0;
      counts.set(stepType, count + 1);
      stepNames.set(event.index, `${stepType} ${count}`);
    }
    const kind = type.replace(/^step\./, "");
    const delta = isObject(event.delta) ? ` ${String(event.delta.type)}` : "";
    return `/${stepNames.get(event.index) ?? `step ${event.index}`}/${kind}${delta}`;
  });
}

/**
 * How the loss detector reads interactions documents: a request's `input` as the steps it means
 * (a string or content blocks are one user input step); an answer without what it echoes of the
 * request or derives from its steps (see `echoedOrDerived`); each stream event without its `event_id`
 * (the encoder numbers events from 1; an upstream's ids are resume tokens of its own, decision
 * 0022) and step `index` (a renumbering carries nothing), placed under its step by event and delta kind, the deltas of one kind joined; a status
 * update that only says the interaction is in progress, or whose usage a later event's replaces
 * (running totals), left out; a loss at the
 * step a `step.start` opened covers the whole step, one at a delta its whole event; a loss at an
 * answer's step is placed among the steps left after the echoed input, one in a string or content
 * `input` in the step it means, one at a step's only content block at the step; a usage total that is the sum of its counts left out; base64 data in
 * one spelling; a `response_format` of plain text (the default) left out.
 */
export const interactionsDetectorNormalization: DetectorNormalization = {
  normalize(value, kind) {
    if (!isObject(value)) return value;
    if (kind === "response") return withBase64Spelled(withoutEcho(value));
    if (kind === "request")
      return withoutPlainTextFormat(
        value.input === undefined ? value : { ...value, input: withBase64Spelled(inputAsSteps(value.input)) },
      );
    const { event_id: _eventId, index: _index, ...event } = value;
    if (event.usage !== undefined) event.usage = withoutImpliedTotal(event.usage);
    if (isObject(event.interaction) && event.interaction.usage !== undefined)
      event.interaction = { ...event.interaction, usage: withoutImpliedTotal(event.interaction.usage) };
    return event;
  },
  // What the comparison leaves out (echoed input steps) is null: no place in the body.
  placeBodyLoss: (path, document, kind) =>
    (kind === "response" ? placeInAnswer(path, document) : placeInRequest(path, document)) ?? null,
  eventKeys: (_events, raw) => eventKeys(raw),
  placeLoss(path, _events, keys) {
    const match = /^\/(\d+)\/(step|delta)$/.exec(path);
    const key = match ? keys[Number(match[1])] : undefined;
    if (match?.[2] === "delta") return key;
    return key?.endsWith("/start") ? key.slice(0, -"/start".length) : undefined;
  },
  mergeEvents: (earlier, later) => joinStreamEvents(earlier, later, joined),
};
