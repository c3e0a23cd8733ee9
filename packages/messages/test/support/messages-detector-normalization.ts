import { answerWithoutZeroCounts, type DetectorNormalization } from "@interlingua/core/test";

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
  // An empty system prompt says nothing: it is no system prompt.
  const { system, ...rest } = body;
  return { ...rest, messages, ...(system !== undefined && system !== "" && { system: asBlocks(system) }) };
}

/**
 * How the loss detector reads messages documents: a request as the API reads it (see
 * `normalizeRequest`); an answer's usage without its counts of 0; a stream's events keyed by what they are about (`ping` left out), the deltas
 * of one block and type joined into one, each citation on its own.
 */
export const messagesDetectorNormalization: DetectorNormalization = {
  normalize(body, kind) {
    if (kind === "request") return normalizeRequest(body as Record<string, unknown>);
    return kind === "response" ? answerWithoutZeroCounts(body, "usage") : body;
  },
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
