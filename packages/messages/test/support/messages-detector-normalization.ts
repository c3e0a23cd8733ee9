import type { DetectorNormalization } from "@interlingua/core/test";

type WireEvent = Record<string, unknown> & { type?: string; index?: number; delta?: Record<string, unknown> };

/** The field of each delta type whose text a split delta stream joins. */
const joinedField: Record<string, string> = {
  text_delta: "text",
  thinking_delta: "thinking",
  signature_delta: "signature",
  input_json_delta: "partial_json",
};

type WireMessage = { role: string; content: unknown };

/** A string content as the one text block it means. */
const asBlocks = (content: unknown) =>
  typeof content === "string" ? [{ type: "text", text: content }] : content;

/**
 * A request as the API reads it: string content and a string `system` as one text block, and
 * consecutive messages of one role as one turn (the API merges them).
 */
function normalizeRequest(body: Record<string, unknown>): Record<string, unknown> {
  const messages: WireMessage[] = [];
  for (const message of (body.messages as WireMessage[] | undefined) ?? []) {
    const last = messages.at(-1);
    const content = asBlocks(message.content) as unknown[];
    if (last && last.role === message.role && Object.keys(message).length === 2)
      last.content = [...(last.content as unknown[]), ...content];
    else messages.push({ ...message, content });
  }
  return { ...body, messages, ...(body.system !== undefined && { system: asBlocks(body.system) }) };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

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

/**
 * How the loss detector reads messages documents: a request as the API reads it (see
 * `normalizeRequest`); a stream's events keyed by what they are about (`ping` left out), the deltas
 * of one block and type joined into one, each citation on its own, its usage as its last value
 * (see `cumulativeUsage`).
 */
export const messagesDetectorNormalization: DetectorNormalization = {
  normalize(body, kind) {
    return kind === "request" ? normalizeRequest(body as Record<string, unknown>) : body;
  },
  normalizeStream: cumulativeUsage,
  eventKeys(events) {
    const citations = new Map<number, number>();
    return events.map((item) => {
      const event = item as WireEvent;
      switch (event.type) {
        case "ping":
          return undefined;
        case "content_block_start":
          return `/block ${event.index}/start`;
        case "content_block_stop":
          return `/block ${event.index}/stop`;
        case "content_block_delta": {
          const type = String(event.delta?.type);
          if (type !== "citations_delta") return `/block ${event.index}/${type}`;
          const count = citations.get(event.index ?? 0) ?? 0;
          citations.set(event.index ?? 0, count + 1);
          return `/block ${event.index}/citation ${count}`;
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
