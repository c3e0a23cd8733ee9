/** A responses stream event, read loosely. */
type WireEvent = Record<string, unknown>;

interface OpenItem {
  id: unknown;
  type: unknown;
  /** Content parts announced so far, and whether each is done. */
  contentDone: boolean[];
  /** Text gathered from the deltas, by `content_index` (text, refusal) or key (`arguments`, `summary:n`). */
  deltas: Map<string, string>;
}

const terminalTypes = new Set(["response.completed", "response.incomplete", "response.failed"]);

/** The text a `*.done` event must repeat, and the delta type that builds it. */
const doneChecks: Record<string, { delta: string; field: string; key: (event: WireEvent) => string }> = {
  "response.output_text.done": {
    delta: "response.output_text.delta",
    field: "text",
    key: (event) => `content:${event.content_index}`,
  },
  "response.refusal.done": {
    delta: "response.refusal.delta",
    field: "refusal",
    key: (event) => `content:${event.content_index}`,
  },
  "response.function_call_arguments.done": {
    delta: "response.function_call_arguments.delta",
    field: "arguments",
    key: () => "arguments",
  },
  "response.reasoning_summary_text.done": {
    delta: "response.reasoning_summary_text.delta",
    field: "text",
    key: (event) => `summary:${event.summary_index}`,
  },
};
const deltaKeys: Record<string, (event: WireEvent) => string> = Object.fromEntries(
  Object.values(doneChecks).map((check) => [check.delta, check.key]),
);

/**
 * The ways a responses stream we emit breaks the format's rules, as messages (empty when none):
 * `sequence_number` counts 0, 1, 2, ...; `response.created` then `response.in_progress` open it and
 * exactly one terminal event (`completed`, `incomplete`, or `failed` right after an `error`) ends it,
 * naming the same response; items are announced at the next `output_index` with a unique id, and
 * every later event of an item names that open item by `item_id` and `output_index`; content parts
 * are announced at the next `content_index` and their events come between added and done; each
 * `*.done` repeats exactly what its deltas built; an item's done event keeps its id and type; and
 * the final response's `output` lists the done items in order.
 */
export function findResponsesStreamProblems(events: readonly WireEvent[]): string[] {
  const problems: string[] = [];
  const open = new Map<unknown, OpenItem>();
  const doneItems: unknown[] = [];
  const seenIds = new Set<unknown>();
  let responseId: unknown;
  let nextOutputIndex = 0;
  let ended = false;

  events.forEach((event, position) => {
    const at = `event ${position} (${String(event.type)})`;
    if (event.sequence_number !== position)
      problems.push(`${at}: sequence_number ${String(event.sequence_number)}, expected ${position}`);
    if (ended) problems.push(`${at}: after the terminal event`);
    const type = String(event.type);
    if (position === 0 && type !== "response.created")
      problems.push(`${at}: the stream must open with response.created`);
    if (position === 1 && type !== "response.in_progress")
      problems.push(`${at}: response.in_progress must follow response.created`);

    if (type === "response.created" || type === "response.in_progress" || terminalTypes.has(type)) {
      const response = event.response as WireEvent | undefined;
      if (position === 0) responseId = response?.id;
      else if (response?.id !== responseId) problems.push(`${at}: names response ${String(response?.id)}`);
      if (terminalTypes.has(type)) {
        ended = true;
        if (type === "response.failed" && events[position - 1]?.type !== "error")
          problems.push(`${at}: response.failed must follow an error event`);
        if (open.size > 0)
          problems.push(`${at}: items still open: ${[...open.values()].map((item) => String(item.id))}`);
        if (type !== "response.failed" && JSON.stringify(response?.output) !== JSON.stringify(doneItems))
          problems.push(`${at}: the response's output is not the done items in order`);
      }
      return;
    }
    if (type === "error") {
      if (events[position + 1]?.type !== "response.failed")
        problems.push(`${at}: response.failed must follow`);
      return;
    }
    if (type === "response.output_item.added") {
      const item = event.item as WireEvent;
      if (event.output_index !== nextOutputIndex)
        problems.push(`${at}: output_index ${String(event.output_index)}, expected ${nextOutputIndex}`);
      nextOutputIndex++;
      if (typeof item?.id !== "string" || item.id === "") problems.push(`${at}: the item has no id`);
      if (seenIds.has(item?.id)) problems.push(`${at}: item id ${String(item?.id)} is used twice`);
      seenIds.add(item?.id);
      open.set(event.output_index, { id: item?.id, type: item?.type, contentDone: [], deltas: new Map() });
      return;
    }

    const item = open.get(event.output_index);
    if (!item) {
      problems.push(`${at}: output_index ${String(event.output_index)} is not an open item`);
      return;
    }
    if (type === "response.output_item.done") {
      const done = event.item as WireEvent;
      if (done?.id !== item.id || done?.type !== item.type)
        problems.push(
          `${at}: the done item is ${String(done?.type)} ${String(done?.id)}, added as ${String(item.type)} ${String(item.id)}`,
        );
      if (item.contentDone.includes(false)) problems.push(`${at}: content parts still open`);
      if (
        done?.type === "function_call" &&
        item.deltas.has("arguments") &&
        done.arguments !== item.deltas.get("arguments")
      )
        problems.push(`${at}: the item's arguments differ from the streamed ones`);
      open.delete(event.output_index);
      doneItems.push(done);
      return;
    }
    if (event.item_id !== item.id)
      problems.push(`${at}: item_id ${String(event.item_id)}, the open item is ${String(item.id)}`);
    if (type === "response.content_part.added") {
      if (event.content_index !== item.contentDone.length)
        problems.push(
          `${at}: content_index ${String(event.content_index)}, expected ${item.contentDone.length}`,
        );
      item.contentDone.push(false);
      return;
    }
    if ("content_index" in event && item.type === "message") {
      const index = event.content_index as number;
      if (item.contentDone[index] !== false) problems.push(`${at}: content part ${index} is not open`);
      if (type === "response.content_part.done") {
        item.contentDone[index] = true;
        const part = event.part as WireEvent;
        const built = item.deltas.get(`content:${index}`);
        const text = part?.type === "refusal" ? part.refusal : part?.text;
        if (built !== undefined && text !== built)
          problems.push(`${at}: the part's text differs from its deltas`);
        return;
      }
    }
    const deltaKey = deltaKeys[type];
    if (deltaKey) {
      const key = deltaKey(event);
      item.deltas.set(key, (item.deltas.get(key) ?? "") + String(event.delta));
      return;
    }
    const check = doneChecks[type];
    if (check && event[check.field] !== (item.deltas.get(check.key(event)) ?? ""))
      problems.push(`${at}: ${check.field} differs from what its deltas built`);
  });
  if (!ended) problems.push("the stream has no terminal event");
  return problems;
}
