import type { ChatEvent } from "../model/chat-event";

const deltaKinds: Record<string, readonly string[]> = {
  "text-delta": ["text"],
  "tool-arguments-delta": ["tool-call", "hosted-tool-call"],
  "reasoning-delta": ["reasoning"],
  "signature-delta": ["reasoning", "text", "tool-call"],
  "citation-delta": ["text"],
};

/**
 * The ordering rules every canonical stream follows, as a list of violations (empty when valid):
 * `response-start` comes first (unless the stream fails at once) and only once; a part starts
 * before its deltas and ends after them, with deltas of its own kind (tool progress: a hosted tool
 * call's); every part ends before
 * `response-end`; text deltas add up to the part's final text; exactly one terminal event
 * (`response-end` or `error`) and nothing after it.
 */
export function findEventSequenceProblems(events: readonly ChatEvent[]): string[] {
  const problems: string[] = [];
  const open = new Map<number, { kind: string; text: string; sawText: boolean }>();
  const ended = new Set<number>();
  let started = false;
  let terminal = -1;

  events.forEach((event, position) => {
    const at = `event ${position} (${event.type})`;
    if (terminal >= 0) {
      problems.push(`${at}: comes after the terminal event`);
      return;
    }
    switch (event.type) {
      case "keepalive":
        return;
      case "response-start":
        if (started) problems.push(`${at}: a second response-start`);
        started = true;
        return;
      case "error":
        terminal = position;
        return;
      case "response-end":
        terminal = position;
        if (!started) problems.push(`${at}: no response-start before it`);
        for (const index of open.keys()) problems.push(`${at}: part ${index} never ended`);
        return;
      case "usage":
        if (!started) problems.push(`${at}: no response-start before it`);
        return;
      case "part-start":
        if (!started) problems.push(`${at}: no response-start before it`);
        if (open.has(event.index) || ended.has(event.index))
          problems.push(`${at}: part ${event.index} started twice`);
        open.set(event.index, { kind: event.kind, text: "", sawText: false });
        return;
      case "part-end": {
        const part = open.get(event.index);
        if (!part) {
          problems.push(`${at}: part ${event.index} was not open`);
          return;
        }
        if (part.kind !== event.part.type) {
          problems.push(`${at}: part ${event.index} started as ${part.kind} but ended as ${event.part.type}`);
        }
        if (event.part.type === "text" && part.sawText && part.text !== event.part.text) {
          problems.push(`${at}: text deltas of part ${event.index} do not add up to its final text`);
        }
        open.delete(event.index);
        ended.add(event.index);
        return;
      }
      case "text-delta":
      case "tool-arguments-delta":
      case "reasoning-delta":
      case "signature-delta":
      case "citation-delta": {
        const part = open.get(event.index);
        if (!part) {
          problems.push(`${at}: part ${event.index} is not open`);
          return;
        }
        if (!deltaKinds[event.type]?.includes(part.kind)) {
          problems.push(`${at}: not allowed in a ${part.kind} part`);
        }
        if (event.type === "text-delta") {
          part.text += event.text;
          part.sawText = true;
        }
        return;
      }
      case "tool-progress": {
        const part = open.get(event.index);
        if (!part) problems.push(`${at}: part ${event.index} is not open`);
        else if (part.kind !== "hosted-tool-call") problems.push(`${at}: not allowed in a ${part.kind} part`);
        return;
      }
      default: {
        const unknown: never = event;
        problems.push(`${at}: unknown event ${JSON.stringify(unknown)}`);
      }
    }
  });

  if (terminal < 0) problems.push("the stream has no terminal event (response-end or error)");
  return problems;
}

/** Throws an Error listing every violation of the stream rules (see {@link findEventSequenceProblems}). */
export function assertValidEventSequence(events: readonly ChatEvent[]): void {
  const problems = findEventSequenceProblems(events);
  if (problems.length > 0) throw new Error(`Invalid event sequence:\n- ${problems.join("\n- ")}`);
}
