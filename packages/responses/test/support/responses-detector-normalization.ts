import {
  answerWithoutZeroCounts,
  type DetectorNormalization,
  joinStreamEvents,
} from "@interlingua/core/test";
import { responsesEchoedFields } from "../../src/response/responses-echoed-fields";

type WireEvent = Record<string, unknown> & { type?: string };

/** The fields whose text a split delta stream joins. */
const joined = new Set(["delta"]);

/** The events that carry the whole response as it stands (their last one is the whole answer). */
const lifecycleEvents = new Set([
  "response.created",
  "response.in_progress",
  "response.completed",
  "response.incomplete",
  "response.failed",
]);

/**
 * Where an event goes: the response snapshots of the lifecycle events all at `/response` (each
 * repeats the response as it stands, so a field counts as its last value), other events under their
 * output item, and under its content or summary part when they are about one, by type and
 * annotation index.
 */
function eventKey(event: WireEvent): string {
  if (lifecycleEvents.has(String(event.type))) return "/response";
  const type = String(event.type).replace(/^response\./, "");
  if (event.output_index === undefined) return `/${type}`;
  const piece =
    typeof event.content_index === "number"
      ? `/content ${event.content_index}`
      : typeof event.summary_index === "number"
        ? `/summary ${event.summary_index}`
        : "";
  const annotation = typeof event.annotation_index === "number" ? ` ${event.annotation_index}` : "";
  return `/item ${event.output_index}${piece}/${type}${annotation}`;
}

/**
 * A response object without the request settings it echoes (the codec's own list; `object` is
 * compared, as before).
 */
function withoutEcho(response: unknown): unknown {
  if (typeof response !== "object" || response === null) return response;
  const result = { ...(response as Record<string, unknown>) };
  for (const field of responsesEchoedFields) if (field !== "object") delete result[field];
  return result;
}

/**
 * A response object with an `incomplete_details` of no member read as `null`: both give no reason
 * (the codec's answer encoders report no `{}`, which says nothing a client could miss, as
 * `reportForeignAnswerFields` documents).
 */
function withEmptyDetailsAsNull(response: Record<string, unknown>): Record<string, unknown> {
  const details = response.incomplete_details;
  if (typeof details !== "object" || details === null || Object.keys(details).length > 0) return response;
  return { ...response, incomplete_details: null };
}

/**
 * Each item event's `output_index` as the item's type and its place among the items of that type
 * (`message 1`), so an item compares with the same item however many items of other types a format
 * left out before it (an output index only says where an item sits among the others).
 */
function itemsByType(events: unknown[]): unknown[] {
  const labels = new Map<number, string>();
  const counts = new Map<string, number>();
  return events.map((item) => {
    const event = item as WireEvent;
    if (typeof event.output_index !== "number") return item;
    if (event.type === "response.output_item.added" || !labels.has(event.output_index)) {
      const type = String((event.item as WireEvent | undefined)?.type ?? "item");
      const count = counts.get(type) ?? 0;
      counts.set(type, count + 1);
      labels.set(event.output_index, `${type} ${count}`);
    }
    return { ...event, output_index: labels.get(event.output_index) };
  });
}

/**
 * Without the item ids a stream says again: each event's `item_id`, and the id of the item an
 * `output_item.done` repeats, where they are the id its `output_item.added` gave the item (a
 * different one is kept, and compared).
 */
function withoutRepeatedItemIds(events: unknown[]): unknown[] {
  const ids = new Map<unknown, unknown>();
  for (const item of events) {
    const event = item as WireEvent;
    if (event.type === "response.output_item.added" && !ids.has(event.output_index))
      ids.set(event.output_index, (event.item as WireEvent | undefined)?.id);
  }
  return events.map((item) => {
    const event = item as WireEvent;
    const id = ids.get(event.output_index);
    if (id === undefined) return item;
    const { item_id: itemId, ...rest } = event;
    const result: WireEvent = itemId === id ? rest : event;
    if (event.type !== "response.output_item.done" || (event.item as WireEvent | undefined)?.id !== id)
      return result;
    const { id: _id, ...done } = event.item as WireEvent;
    return { ...result, item: done };
  });
}

/**
 * Without the function name and namespace a stream says again: those of the item an
 * `output_item.done` repeats, and the `name` of a `function_call_arguments.done`, where they are
 * what the call's `output_item.added` gave (a different one is kept, and compared).
 */
function withoutRepeatedCallNames(events: unknown[]): unknown[] {
  const added = new Map<unknown, WireEvent>();
  for (const item of events) {
    const event = item as WireEvent;
    const announced = event.item as WireEvent | undefined;
    if (event.type === "response.output_item.added" && announced?.type === "function_call")
      added.set(event.output_index, announced);
  }
  return events.map((item) => {
    const event = item as WireEvent;
    const announced = added.get(event.output_index);
    if (announced === undefined) return item;
    if (event.type === "response.function_call_arguments.done" && event.name === announced.name) {
      const { name: _name, ...rest } = event;
      return rest;
    }
    if (event.type !== "response.output_item.done") return item;
    const done = { ...(event.item as WireEvent) };
    for (const field of ["name", "namespace"])
      if (done[field] !== undefined && done[field] === announced[field]) delete done[field];
    return { ...event, item: done };
  });
}

/** The part-opening events a loss at their `part` stands for the whole part of. */
const partStarts = new Set(["response.content_part.added", "response.reasoning_summary_part.added"]);

/**
 * Without what a stream says twice: the content of an `output_item.done` item whose parts the
 * stream streamed (their done events say it), and the output of the final response when the stream
 * streamed its items (their `output_item.done` events say it).
 */
function withoutRepeats(events: unknown[]): unknown[] {
  const streamedParts = new Set(
    events
      .filter((event) => partStarts.has(String((event as WireEvent).type)))
      .map((event) => (event as WireEvent).output_index),
  );
  const streamedItems = events.some((event) => (event as WireEvent).type === "response.output_item.done");
  return events.map((item) => {
    const event = item as WireEvent;
    if (event.type === "response.output_item.done" && streamedParts.has(event.output_index)) {
      const { content: _content, summary: _summary, ...rest } = event.item as WireEvent;
      return { ...event, item: rest };
    }
    if (streamedItems && lifecycleEvents.has(String(event.type)) && event.response) {
      const { output: _output, ...response } = event.response as WireEvent;
      return { ...event, response };
    }
    return item;
  });
}

/** The fields an `error` event says of its error, flat or nested. */
const errorEventFields = ["code", "message", "param"];

/**
 * An `error` event in its nested form: the flat one the spec documents (`{type: "error", code,
 * message, param}`) as the nested one live traffic sends (`{type: "error", error: {type, code,
 * message, param}}`) without a type. The official SDK reads both as one error (openai-node's
 * `core/streaming.js`: `throw new APIError(undefined, data?.error ?? data, …)` for an `error` event),
 * with the same code, message and param; the nested form says its type besides.
 */
function errorEventNested(event: WireEvent): WireEvent {
  if (event.type !== "error" || (typeof event.error === "object" && event.error !== null)) return event;
  const error = Object.fromEntries(
    errorEventFields.filter((field) => field in event).map((field) => [field, event[field]]),
  );
  const rest = Object.fromEntries(
    Object.entries(event).filter(([field]) => !errorEventFields.includes(field)),
  );
  return { ...rest, error };
}

/**
 * Without the `error` of a failed response that says again what the stream's `error` event said
 * (its code and message): one error, said twice, as the live API sends it; compared once, at the
 * event.
 */
function withoutRepeatedError(events: unknown[]): unknown[] {
  const said = events
    .map((event) => (event as WireEvent).error as WireEvent | undefined)
    .find((error, index) => (events[index] as WireEvent).type === "error" && error !== undefined);
  if (said === undefined) return events;
  return events.map((item) => {
    const event = item as WireEvent;
    const response = event.response as WireEvent | undefined;
    const error = response?.error as WireEvent | undefined;
    if (event.type !== "response.failed" || error?.code !== said.code || error?.message !== said.message)
      return item;
    const { error: _error, ...rest } = response as WireEvent;
    return { ...event, response: rest };
  });
}

/**
 * A request's `input` in its list form: a string is the one `user` message it means, and each
 * message item without its `type: "message"` (optional, the only value) and with a string `content`
 * as the one text part it means (`output_text` for the assistant's, the form its answers take).
 * The spec: "A text input to the model, equivalent to a text input with the `user` role".
 */
function inputAsList(request: unknown): unknown {
  if (typeof request !== "object" || request === null) return request;
  const body = request as Record<string, unknown>;
  if (body.input === undefined) return request;
  const items = typeof body.input === "string" ? [{ role: "user", content: body.input }] : body.input;
  if (!Array.isArray(items)) return request;
  const input = items.map((entry) => {
    const item = entry as WireEvent;
    if (typeof item !== "object" || item === null || typeof item.role !== "string") return entry;
    if (item.type !== undefined && item.type !== "message") return entry;
    const { type: _type, ...message } = item;
    if (typeof message.content !== "string") return message;
    const textType = message.role === "assistant" ? "output_text" : "input_text";
    return { ...message, content: [{ type: textType, text: message.content }] };
  });
  return { ...body, input };
}

/**
 * A request's `tool_choice` of the allowed tools `required` with one function as that function
 * named: "`required` requires the model to call one or more of the allowed tools", and a function
 * choice "force[s] the model to call a specific function" (the spec), the same for one function.
 */
function choiceOfOneFunction(request: Record<string, unknown>): Record<string, unknown> {
  const choice = request.tool_choice as WireEvent | undefined;
  const tools = choice?.tools as WireEvent[] | undefined;
  if (choice?.type !== "allowed_tools" || choice.mode !== "required" || tools?.length !== 1) return request;
  const [tool] = tools;
  if (tool?.type !== "function" || Object.keys(tool).length !== 2 || typeof tool.name !== "string")
    return request;
  return { ...request, tool_choice: { type: "function", name: tool.name } };
}

/**
 * A request without the settings it gives at their spec default, which an absent one means:
 * `parallel_tool_calls: true` ("default": true) and a `text.format` of `{ "type": "text" }` ("The
 * default format is `{ "type": "text" }` with no additional options"); and with
 * `reasoning.generate_summary` spelled `summary` where `summary` gives none (the spec: "Deprecated:
 * use `summary` instead").
 */
function withoutDefaults(request: Record<string, unknown>): Record<string, unknown> {
  const { parallel_tool_calls: parallel, ...rest } = request;
  const result = parallel === true ? rest : request;
  const text = result.text as WireEvent | undefined;
  const format = text?.format as WireEvent | undefined;
  const { generate_summary: summary, ...reasoning } = (result.reasoning ?? {}) as WireEvent;
  // "**Deprecated:** use `summary` instead": the old spelling of the same setting.
  const spelled =
    typeof summary === "string" && (reasoning.summary === undefined || reasoning.summary === null)
      ? { ...result, reasoning: { ...reasoning, summary } }
      : result;
  if (format?.type !== "text" || Object.keys(format).length !== 1) return spelled;
  const { format: _format, ...otherText } = text as WireEvent;
  return { ...spelled, text: otherText };
}

/**
 * A request without `stream_options.include_obfuscation`: the front's stream encoder answers it from
 * the caller's own request, whatever the backend (its own padding when true, none when false;
 * decision 0050), as chat-completions' is.
 */
function withoutObfuscationOption(request: Record<string, unknown>): Record<string, unknown> {
  const options = request.stream_options as WireEvent | undefined;
  if (typeof options !== "object" || options === null || !("include_obfuscation" in options)) return request;
  const { include_obfuscation: _asked, ...rest } = options;
  const { stream_options: _options, ...body } = request;
  return Object.keys(rest).length > 0 ? { ...body, stream_options: rest } : body;
}

/**
 * How the loss detector reads responses documents: requests with their `input` as a list of items
 * (see `inputAsList`), a `tool_choice` of one required function as that function (see
 * `choiceOfOneFunction`) and without settings at their spec default (see `withoutDefaults`) or the padding option the front answers (see `withoutObfuscationOption`); answers without the request settings they echo
 * (see `responsesEchoedFields`), their usage counts of 0 and an empty
 * `incomplete_details` (see `withEmptyDetailsAsNull`); each stream event without
 * its `sequence_number` (a renumbering carries nothing), placed under its output item by type and
 * indexes, the deltas of one piece joined, the response snapshots of the lifecycle events read as
 * one, at their last value, items by type and place among their type (see `itemsByType`), without
 * what the stream says twice (see `withoutRepeats`, `withoutRepeatedItemIds`, `withoutRepeatedCallNames`, `withoutRepeatedError`), an
 * `error` event in its nested form (see `errorEventNested`); a loss at the item an `output_item.added`
 * opened covers the whole item, one at the part a `content_part.added` opened the whole content part.
 */
export const responsesDetectorNormalization: DetectorNormalization = {
  normalize(value, kind) {
    if (kind === "request")
      return withoutObfuscationOption(
        withoutDefaults(choiceOfOneFunction(inputAsList(value) as Record<string, unknown>)),
      );
    if (kind === "response") {
      const answer = withoutEcho(value) as Record<string, unknown>;
      return answerWithoutZeroCounts(withEmptyDetailsAsNull(answer), "usage");
    }
    const {
      sequence_number: _sequence,
      obfuscation: _padding,
      ...event
    } = errorEventNested(value as WireEvent);
    if (event.response === undefined) return event;
    const response = withoutEcho(event.response) as Record<string, unknown>;
    return { ...event, response: withEmptyDetailsAsNull(response) };
  },
  normalizeStream: (events) =>
    withoutRepeatedError(
      withoutRepeats(itemsByType(withoutRepeatedCallNames(withoutRepeatedItemIds(events)))),
    ),
  eventKeys: (events) => events.map((event) => eventKey(event as WireEvent)),
  placeLoss(path, events, keys) {
    // A flat error event's field is compared where the nested form says it.
    const flat = /^\/(\d+)\/(code|message|param)$/.exec(path);
    if (flat && (events[Number(flat[1])] as WireEvent).type === "error")
      return `${keys[Number(flat[1])]}/error/${flat[2]}`;
    const match = /^\/(\d+)\/(item|part)$/.exec(path);
    const key = match ? keys[Number(match[1])] : undefined;
    if (match?.[2] === "part")
      return partStarts.has(String((events[Number(match[1])] as WireEvent).type))
        ? key?.slice(0, key.lastIndexOf("/"))
        : undefined;
    return key?.endsWith("/output_item.added") ? key.slice(0, -"/output_item.added".length) : undefined;
  },
  mergeEvents: (earlier, later) => joinStreamEvents(earlier, later, joined),
};
