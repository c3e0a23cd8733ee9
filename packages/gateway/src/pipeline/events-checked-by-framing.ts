/**
 * Per format (by codec id), the SSE events a same-format pass-through checks by their framing and
 * JSON alone, without the codec's stream decoder, each with whether it is content (which ends the
 * stream's opening, see `checkPassedThroughStream`). These are the events that tell the exchange
 * nothing the gateway reads: content deltas and keepalives, whose text only the caller needs. The
 * events that do (the start with the answer's id, model and usage; usage and the finish reason;
 * the end; an error) and every event of a format whose chunks all look alike (generate-content,
 * chat-completions) still go through the decoder. An event is checked by framing only when its
 * data's `type` names the same event, so an error spelled under a delta's name is still decoded
 * (decision 0020, lever 20).
 */
export const eventsCheckedByFraming: Readonly<Record<string, ReadonlyMap<string, boolean>>> = {
  messages: new Map([
    ["content_block_delta", true],
    ["ping", false],
  ]),
  responses: new Map([
    ["response.in_progress", false],
    ["response.output_text.delta", true],
    ["response.output_text.done", true],
    ["response.content_part.done", true],
    ["response.function_call_arguments.delta", true],
    ["response.reasoning_summary_text.delta", true],
  ]),
};
