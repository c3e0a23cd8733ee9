import { type DetectorNormalization, joinStreamEvents } from "@interlingua/core/test";

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
 * output item, by type and content, summary and annotation index.
 */
function eventKey(event: WireEvent): string {
  if (lifecycleEvents.has(String(event.type))) return "/response";
  const type = String(event.type).replace(/^response\./, "");
  if (typeof event.output_index !== "number") return `/${type}`;
  const indexes = ["content_index", "summary_index", "annotation_index"]
    .filter((field) => typeof event[field] === "number")
    .map((field) => ` ${event[field]}`)
    .join("");
  return `/item ${event.output_index}/${type}${indexes}`;
}

/**
 * The request settings a response object echoes (the API's `Response` repeats the `CreateResponse`
 * fields): in an exchange they come from the caller's own request, not from the answer.
 */
const echoedSettings = [
  "background",
  "conversation",
  "instructions",
  "max_output_tokens",
  "max_tool_calls",
  "metadata",
  "parallel_tool_calls",
  "previous_response_id",
  "prompt",
  "prompt_cache_key",
  "prompt_cache_retention",
  "reasoning",
  "safety_identifier",
  "store",
  "temperature",
  "text",
  "tool_choice",
  "tools",
  "top_logprobs",
  "top_p",
  "truncation",
  "user",
];

/** A response object without the request settings it echoes. */
function withoutEcho(response: unknown): unknown {
  if (typeof response !== "object" || response === null) return response;
  const result = { ...(response as Record<string, unknown>) };
  for (const field of echoedSettings) delete result[field];
  return result;
}

/**
 * How the loss detector reads responses documents: answers without the request settings they echo
 * (see `echoedSettings`); each stream event without its `sequence_number` (a renumbering carries
 * nothing), placed under its output item by type and indexes, the deltas of one piece joined, the
 * response snapshots of the lifecycle events read as one, at their last value; a loss at the item an
 * `output_item.added` opened covers the whole item.
 */
export const responsesDetectorNormalization: DetectorNormalization = {
  normalize(value, kind) {
    if (kind === "request") return value;
    if (kind === "response") return withoutEcho(value);
    const { sequence_number: _sequence, ...event } = value as WireEvent;
    return event.response === undefined ? event : { ...event, response: withoutEcho(event.response) };
  },
  eventKeys: (events) => events.map((event) => eventKey(event as WireEvent)),
  placeLoss(path, _events, keys) {
    const match = /^\/(\d+)\/item$/.exec(path);
    const key = match ? keys[Number(match[1])] : undefined;
    return key?.endsWith("/output_item.added") ? key.slice(0, -"/output_item.added".length) : undefined;
  },
  mergeEvents: (earlier, later) => joinStreamEvents(earlier, later, joined),
};
