import { answerWithoutZeroCounts, type DetectorNormalization } from "@interlingua/core/test";

type WireEvent = Record<string, unknown> & { type?: string; index?: number; delta?: Record<string, unknown> };

/** The field of each delta type whose text a split delta stream joins. */
const joinedField: Record<string, string> = {
  text_delta: "text",
  thinking_delta: "thinking",
  signature_delta: "signature",
  input_json_delta: "partial_json",
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

type WireMessage = { role: string; content: unknown };

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

/** A string content as the one text block it means. */
const asBlocks = (content: unknown) =>
  typeof content === "string" ? [{ type: "text", text: content }] : content;

/**
 * A content block (or a `tool_choice`) without the values the spec gives to an absent field: a `tool_use` caller
 * `{type: "direct"}` (the spec's default, "tool invocation directly from the model"), a
 * `tool_result`'s `is_error: false` (a flag whose absence says the same), a `tool_choice`'s
 * `disable_parallel_tool_use: false` (the spec: "Defaults to `false`"), a `tool_result`'s
 * string content as the one text block it means, as a message's, and its empty content (`""`,
 * `[]`) as none (the spec makes it optional: an empty result says what no result says).
 */
function withoutDefaults(block: unknown): unknown {
  if (!isRecord(block)) return block;
  const { caller, is_error, disable_parallel_tool_use, ...rest } = block;
  const direct = isRecord(caller) && caller.type === "direct" && Object.keys(caller).length === 1;
  if (block.type === "tool_result" && (rest.content === "" || isEmptyList(rest.content))) delete rest.content;
  return {
    ...rest,
    ...(caller !== undefined && !direct && { caller }),
    ...(is_error !== undefined && is_error !== false && { is_error }),
    ...(disable_parallel_tool_use !== undefined &&
      disable_parallel_tool_use !== false && { disable_parallel_tool_use }),
    ...(block.type === "tool_result" && rest.content !== undefined && { content: asBlocks(rest.content) }),
  };
}

/** A tool without `type: "custom"`: the spec's `Tool.type` is `"custom"` or absent, both this one kind. */
function withoutCustomType(tool: unknown): unknown {
  if (!isRecord(tool) || tool.type !== "custom") return tool;
  const { type: _custom, ...rest } = tool;
  return rest;
}

/**
 * A tool without `strict: false`: the spec's `strict` says "When true, guarantees schema validation
 * on tool names and inputs", and the strict tool use guide gives no other meaning to false than
 * leaving it out ("Without strict mode, Claude might return incompatible types",
 * platform.claude.com/docs/agents-and-tools/tool-use/strict-tool-use); formats with no
 * per-tool strictness (generate-content, interactions) are unstrict, which is what it asks.
 */
function withoutUnstrict(tool: unknown): unknown {
  if (!isRecord(tool) || tool.strict !== false) return tool;
  const { strict: _unstrict, ...rest } = tool;
  return rest;
}

/** An answer with its blocks without the values the spec gives to an absent field. */
function answerWithoutDefaults(body: unknown): unknown {
  return isRecord(body) && Array.isArray(body.content)
    ? { ...body, content: body.content.map(withoutDefaults) }
    : body;
}

/** A stream event with the blocks it holds without the values the spec gives to an absent field. */
function eventWithoutDefaults(event: unknown): unknown {
  if (!isRecord(event)) return event;
  if (event.type === "content_block_start")
    return { ...event, content_block: withoutDefaults(event.content_block) };
  if (event.type === "message_start" && isRecord(event.message))
    return { ...event, message: answerWithoutDefaults(event.message) };
  return event;
}

/** Messages without a last assistant message of nothing: a prefill of nothing is no prefill. */
function withoutEmptyPrefill(messages: WireMessage[]): WireMessage[] {
  const last = messages.at(-1);
  const empty =
    last?.role === "assistant" &&
    (last.content === "" || (Array.isArray(last.content) && last.content.length === 0));
  return empty ? messages.slice(0, -1) : messages;
}

/** Where a message of a request sits once consecutive messages of one role are one turn. */
interface TurnPlace {
  /** The turn's index among the merged messages. */
  turn: number;
  /** The index of the message's first block among the turn's blocks. */
  offset: number;
  /** Whether the turn holds this message only. */
  alone: boolean;
}

/** Each message's place among the turns (see `normalizeRequest`). */
function turnPlaces(messages: readonly WireMessage[]): TurnPlace[] {
  const places: TurnPlace[] = [];
  let blocks = 0;
  messages.forEach((message, index) => {
    const before = messages[index - 1];
    const merged = before !== undefined && before.role === message.role && Object.keys(message).length === 2;
    const content = asBlocks(message.content);
    const count = Array.isArray(content) ? content.length : 0;
    if (merged) {
      places[index - 1]!.alone = false;
      places.push({ turn: places[index - 1]!.turn, offset: blocks, alone: false });
      blocks += count;
    } else {
      places.push({ turn: (places.at(-1)?.turn ?? -1) + 1, offset: 0, alone: true });
      blocks = count;
    }
  });
  return places;
}

/**
 * A request as the API reads it: string content and a string `system` as one text block, and
 * consecutive messages of one role as one turn (the API merges them).
 */
function normalizeRequest(body: Record<string, unknown>): Record<string, unknown> {
  const messages: WireMessage[] = [];
  const wireMessages = withoutEmptyPrefill((body.messages as WireMessage[] | undefined) ?? []);
  const places = turnPlaces(wireMessages);
  wireMessages.forEach((message, index) => {
    const content = (asBlocks(message.content) as unknown[]).map(withoutDefaults);
    const turn = messages[places[index]!.turn];
    if (turn) turn.content = [...(turn.content as unknown[]), ...content];
    else messages.push({ ...message, content });
  });
  // An empty system prompt says nothing: it is no system prompt.
  const { system, tools, tool_choice, ...rest } = body;
  return {
    ...rest,
    ...(tool_choice !== undefined && { tool_choice: withoutDefaults(tool_choice) }),
    messages,
    ...(Array.isArray(tools) && { tools: tools.map((tool) => withoutUnstrict(withoutCustomType(tool))) }),
    ...(system !== undefined && system !== "" && { system: asBlocks(system) }),
  };
}

/**
 * A loss path into a request's messages as a path into its turns: a block of a message merged into
 * the turn before it moves by the blocks before it, a string content is its one text block, and a
 * merged message as a whole is its turn (the closest node that holds it).
 */
function placeRequestLoss(path: string, body: unknown): string {
  const match = /^\/messages\/(\d+)(\/content(?:\/(\d+))?)?(\/.*)?$/.exec(path);
  if (!match || !isRecord(body) || !Array.isArray(body.messages)) return path;
  const messages = body.messages as WireMessage[];
  const index = Number(match[1]);
  const place = turnPlaces(messages)[index];
  if (place === undefined) return path;
  const turn = `/messages/${place.turn}`;
  if (match[2] === undefined) return place.alone ? `${turn}${match[4] ?? ""}` : turn;
  if (match[3] === undefined)
    return typeof messages[index]!.content === "string"
      ? `${turn}/content/${place.offset}`
      : place.alone
        ? `${turn}/content${match[4] ?? ""}`
        : turn;
  return `${turn}/content/${place.offset + Number(match[3])}${match[4] ?? ""}`;
}

/** Where a stream's usage is read: its last `message_delta`, when `message_start` said usage too. */
function usageHolder(events: readonly unknown[]): { start: number; delta: number } | undefined {
  const start = events.findIndex((event) => (event as WireEvent).type === "message_start");
  const delta = events.findLastIndex((event) => (event as WireEvent).type === "message_delta");
  const message = (events[start] as WireEvent | undefined)?.message;
  return start >= 0 && delta >= 0 && isRecord(message) && isRecord(message.usage)
    ? { start, delta }
    : undefined;
}

/**
 * A stream's usage as its last value: the counts of `message_start` under those of the last
 * `message_delta`, which are cumulative (the API's streaming docs), so counts said at the start and
 * again at the end compare once, by the end's.
 */
function cumulativeUsage(events: unknown[]): unknown[] {
  const holder = usageHolder(events);
  if (!holder) return events;
  const start = events[holder.start] as WireEvent & { message: Record<string, unknown> };
  const delta = events[holder.delta] as WireEvent;
  const { usage, ...message } = start.message;
  events[holder.start] = { ...start, message };
  events[holder.delta] = { ...delta, usage: { ...(usage as object), ...(delta.usage as object) } };
  return events;
}

const blockEvents = new Set(["content_block_start", "content_block_delta", "content_block_stop"]);
const toolBlocks = new Set(["tool_use", "server_tool_use"]);

/** The fields a streamed block of each type says in deltas, with the delta type of each. */
const streamedFields: Record<string, [field: string, delta: string, empty: unknown][]> = {
  text: [["text", "text_delta", ""]],
  thinking: [
    ["thinking", "thinking_delta", ""],
    ["signature", "signature_delta", ""],
  ],
  tool_use: [["input", "input_json_delta", {}]],
  server_tool_use: [["input", "input_json_delta", {}]],
};

/**
 * A block `message_start` holds whole, as the events that stream it say it: its start (the deltas'
 * fields empty), one delta per streamed field (an input as its JSON text), and its stop.
 */
function asStreamedBlock(block: unknown, label: string): Record<string, unknown> {
  const type = isRecord(block) ? String(block.type) : "";
  const fields = streamedFields[type] ?? [];
  const start = { ...(block as object) } as Record<string, unknown>;
  const streamed: Record<string, unknown> = {};
  for (const [field, delta, empty] of fields) {
    if (!isRecord(block) || block[field] === undefined) continue;
    start[field] = empty;
    const value = field === "input" ? JSON.stringify(block[field]) : block[field];
    const key = field === "input" ? "partial_json" : field;
    streamed[delta] = { type: "content_block_delta", index: label, delta: { type: delta, [key]: value } };
  }
  return {
    start: { type: "content_block_start", index: label, content_block: start },
    ...streamed,
    stop: { type: "content_block_stop", index: label },
  };
}

/** Where the blocks of a stream sit in the compared object, those `message_start` holds and those streamed alike. */
const blocksPlace = "/message_start/message/content";

/**
 * Each block event's `index` as the block's type and its place among the blocks of that type
 * (`text 1`), so a block compares with the same block however many blocks of other types a format
 * left out before it (an index only says where a block sits among the others). A tool block whose
 * input deltas are all empty has the input its start gave (`{}`), as a format that streams it whole
 * says it.
 */
function blocksByType(events: unknown[]): unknown[] {
  const labels = new Map<number, string>();
  const counts = new Map<string, number>();
  const emptyInput = new Map<string, { first?: WireEvent; input: unknown; empty: boolean }>();
  const label = (type: string) => {
    const count = counts.get(type) ?? 0;
    counts.set(type, count + 1);
    return `${type} ${count}`;
  };
  return events.map((item) => {
    const event = item as WireEvent;
    if (event.type === "message_start" && isRecord(event.message)) {
      const content = Array.isArray(event.message.content) ? event.message.content : [];
      const blocks = Object.fromEntries(
        content.map((block) => {
          const place = label(isRecord(block) ? String(block.type) : "");
          return [place, asStreamedBlock(block, place)];
        }),
      );
      return { ...event, message: { ...event.message, content: blocks } };
    }
    if (!blockEvents.has(String(event.type)) || typeof event.index !== "number") return item;
    if (event.type === "content_block_start") {
      const block = event.content_block as Record<string, unknown> | undefined;
      const type = String(block?.type);
      const started = label(type);
      labels.set(event.index, started);
      if (toolBlocks.has(type)) emptyInput.set(started, { input: block?.input ?? {}, empty: true });
    }
    const place = labels.get(event.index) ?? String(event.index);
    const labelled: WireEvent = { ...event, index: place as never };
    const tool = emptyInput.get(place);
    if (tool && event.type === "content_block_delta" && event.delta?.type === "input_json_delta") {
      if (event.delta.partial_json !== "") tool.empty = false;
      tool.first ??= labelled;
    }
    if (tool?.empty && tool.first && event.type === "content_block_stop")
      tool.first.delta = { ...tool.first.delta, partial_json: JSON.stringify(tool.input) };
    return labelled;
  });
}

/**
 * Where a loss at a block `message_start` holds lands once the block reads as streamed (see
 * `asStreamedBlock`): a field its deltas say at the whole block, another in its start.
 */
function startBlockLoss(path: string, events: readonly unknown[]): string | undefined {
  const match = /^\/(\d+)\/message\/content\/(\d+)(\/([^/]+).*)?$/.exec(path);
  const start = match ? (events[Number(match[1])] as WireEvent) : undefined;
  if (!match || start?.type !== "message_start" || !isRecord(start.message)) return undefined;
  const content = start.message.content;
  const place = isRecord(content) ? Object.keys(content)[Number(match[2])] : undefined;
  if (place === undefined) return undefined;
  const block = `${blocksPlace}/${place}`;
  const type = place.slice(0, place.lastIndexOf(" "));
  const streamed = (streamedFields[type] ?? []).some(([field]) => field === match[4]);
  return match[3] === undefined || streamed ? block : `${block}/start/content_block${match[3]}`;
}

/**
 * How the loss detector reads messages documents: a request as the API reads it (see
 * `normalizeRequest`); an answer's usage without its counts of 0; a stream's events keyed by what
 * they are about (`ping` left out), the deltas of one block and type joined into one, each citation
 * on its own, its usage as its last value (see `cumulativeUsage`), its blocks by type and place
 * among their type (see `blocksByType`), without its usage counts of 0 (as a whole answer's).
 */
export const messagesDetectorNormalization: DetectorNormalization = {
  normalize(body, kind) {
    if (kind === "request") return normalizeRequest(body as Record<string, unknown>);
    return kind === "response"
      ? answerWithoutZeroCounts(answerWithoutDefaults(body), "usage")
      : eventWithoutDefaults(body);
  },
  placeBodyLoss: (path, body, kind) => (kind === "request" ? placeRequestLoss(path, body) : path),
  normalizeStream: (events) =>
    blocksByType(cumulativeUsage(events)).map((event) =>
      (event as WireEvent).type === "message_delta" ? answerWithoutZeroCounts(event, "usage") : event,
    ),
  eventKeys(events) {
    const citations = new Map<number, number>();
    return events.map((item) => {
      const event = item as WireEvent;
      switch (event.type) {
        case "ping":
          return undefined;
        case "content_block_start":
          return `${blocksPlace}/${event.index}/start`;
        case "content_block_stop":
          return `${blocksPlace}/${event.index}/stop`;
        case "content_block_delta": {
          const type = String(event.delta?.type);
          if (type !== "citations_delta") return `${blocksPlace}/${event.index}/${type}`;
          const count = citations.get(event.index ?? 0) ?? 0;
          citations.set(event.index ?? 0, count + 1);
          return `${blocksPlace}/${event.index}/citation ${count}`;
        }
        default:
          return `/${event.type}`;
      }
    });
  },
  placeLoss(path, events, keys) {
    // A loss at message_start's usage lands where cumulativeUsage moved it.
    const usage = /^\/(\d+)\/message\/usage(\/.*)?$/.exec(path);
    const start = usage ? (events[Number(usage[1])] as WireEvent) : undefined;
    if (usage && start?.type === "message_start" && isRecord(start.message)) {
      const delta = events.findLastIndex((event) => (event as WireEvent).type === "message_delta");
      if (delta >= 0 && !isRecord((start.message as Record<string, unknown>).usage))
        return `${keys[delta]}/usage${usage[2] ?? ""}`;
    }
    const held = startBlockLoss(path, events);
    if (held !== undefined) return held;
    const match = /^\/(\d+)\/content_block$/.exec(path);
    if (!match) return undefined;
    const key = keys[Number(match[1])];
    return key?.endsWith("/start") && (events[Number(match[1])] as WireEvent).type === "content_block_start"
      ? key.slice(0, -"/start".length)
      : undefined;
  },
  mergeEvents(earlier, later) {
    const first = earlier as WireEvent;
    const field = joinedField[String(first.delta?.type)];
    if (first.type !== "content_block_delta" || field === undefined) return later;
    const delta = first.delta!;
    return {
      ...first,
      delta: { ...delta, [field]: `${delta[field]}${(later as WireEvent).delta?.[field]}` },
    };
  },
};
