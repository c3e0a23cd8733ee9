import { type ConversionContext, pointer } from "../conversion/conversion-context";
import type { ChatRequest } from "../model/chat-request";
import type { Message } from "../model/message";
import type { Part } from "../model/part";

type ToolCall = Extract<Part, { type: "tool-call" }>;
type ToolResult = Extract<Part, { type: "tool-result" }>;

/** The text of a result the gateway sends for a call that came back without one. */
export const missingToolResultText = "No result was given for this call.";

const isToolResult = (part: Part) => part.type === "tool-result";

const isAnswerTurn = (message: Message | undefined) => message?.role === "tool" || message?.role === "user";

/** Where a part of the paired request was in the request as it came: message and part index. */
type Origin = readonly [message: number, part: number];

/**
 * Traces each message and part of the paired request to the source node its origin was traced to
 * (a message to `messageOrigins`, the message it stands for), so losses reported later (by the
 * encoder) still name the caller's own message after results moved and turns merged. All source
 * paths are read before any is recorded again.
 */
function retrace(
  origins: readonly Origin[][],
  messageOrigins: readonly (number | undefined)[],
  context: ConversionContext,
): void {
  const traces: [string, string][] = [];
  origins.forEach((parts, messageIndex) => {
    const first = messageOrigins[messageIndex];
    if (first !== undefined)
      traces.push([pointer("/messages", messageIndex), context.sourcePath(pointer("/messages", first))]);
    for (const [partIndex, [message, part]] of parts.entries())
      traces.push([
        pointer("/messages", messageIndex, "parts", partIndex),
        context.sourcePath(pointer("/messages", message, "parts", part)),
      ]);
  });
  for (const [canonical, source] of traces) if (source !== "") context.trace(canonical, source);
}

/**
 * `request` with every tool call answered exactly once, right after the turn that made it, as every
 * backend requires (messages: "tool_use ids were found without tool_result blocks immediately
 * after"; generate-content: "the number of function response parts is equal to the number of
 * function call parts"; responses: "No tool output found for function call"). For each assistant
 * turn with calls, the results of its calls in the turns before the next assistant turn go first
 * into the turn right after it when that turn holds results, else into a tool turn of their own
 * before it (a turn of the caller's own content, or none, is never joined with results it did not
 * give: its encoder sends or reports it), in call order (a result from a later turn moves, `approximated`);
 * a call without a result gets an error result saying so (`approximated`); a result that answers no
 * call of that turn, or answers one twice, is left out (`dropped`). Results in the run of tool turns
 * right after the call turn are in place (consecutive tool messages are one answer, as chat-completions
 * sends parallel results): they are joined into one turn with no loss. A conversation that already
 * holds to this is returned as it is; otherwise each moved message and part is traced again to the
 * source node it came from, so later losses still name the caller's own message.
 */
export function pairToolResults(request: ChatRequest, context: ConversionContext): ChatRequest {
  const source = request.messages;
  const output: Message[] = [];
  const origins: Origin[][] = [];
  const messageOrigins: (number | undefined)[] = [];
  let changed = false;
  let dropped: { at: number; partIndex: number; why: string }[] = [];
  const drop = (at: number, partIndex: number, why: string) => {
    dropped.push({ at, partIndex, why });
    changed = true;
  };
  /**
   * Reports the results dropped from message `at`: the message itself when nothing of it is sent
   * and its source node holds every dropped part's (a message made of several source steps is
   * traced to the first: each part is reported at its own). With nothing dropped it looks nothing up,
   * so a conversation that holds to the rule never resolves its source trace (decision 0053).
   */
  const reportDropped = (at: number, sent: number) => {
    if (dropped.length === 0) return;
    const messageSource = context.sourcePath(pointer("/messages", at));
    const heldByMessage = dropped.every((each) => {
      const partSource = context.sourcePath(pointer("/messages", each.at, "parts", each.partIndex));
      return partSource === messageSource || partSource.startsWith(`${messageSource}/`);
    });
    if (sent === 0 && dropped.length > 0 && heldByMessage)
      context.lose("dropped", pointer("/messages", at), dropped.map((each) => each.why).join("; "));
    else
      for (const each of dropped)
        context.lose("dropped", pointer("/messages", each.at, "parts", each.partIndex), each.why);
    dropped = [];
  };
  /** Adds a message of the paired request, standing for the caller's message `at` (by default its first part's). */
  const push = (message: Message, from: Origin[], at = from[0]?.[0]) => {
    output.push(message);
    origins.push(from);
    messageOrigins.push(at);
  };
  const originsOf = (at: number, message: Message): Origin[] => message.parts.map((_, part) => [at, part]);
  let index = 0;
  while (index < source.length) {
    const message = source[index]!;
    const calls =
      message.role === "assistant"
        ? message.parts.filter((part): part is ToolCall => part.type === "tool-call")
        : [];
    if (calls.length === 0) {
      const kept: Origin[] = [];
      const parts = message.parts.filter((part, partIndex) => {
        if (part.type !== "tool-result") {
          kept.push([index, partIndex]);
          return true;
        }
        drop(
          index,
          partIndex,
          `the tool result for ${part.callId} answers no tool call of the turn before it`,
        );
        return false;
      });
      reportDropped(index, parts.length);
      // A message that came empty stays, for its encoder to send or report; one emptied here was reported.
      if (parts.length > 0 || message.parts.length === 0)
        push(parts.length === message.parts.length ? message : { ...message, parts }, kept, index);
      index++;
      continue;
    }
    push(message, originsOf(index, message));
    // A call of an empty id (a format without ids sent none) is answered by the results of empty ids
    // in their order, as a chat-completions tool message of an empty id answers it.
    let emptyIds = 0;
    const keys = new Map(calls.map((call) => [call, call.id === "" ? `\0${emptyIds++}` : call.id]));
    const ids = new Set(keys.values());
    let emptyAnswered = 0;
    const found = new Map<string, { part: ToolResult; from: Origin }>();
    // The turns that answer this one: every turn up to the next assistant turn.
    let end = index + 1;
    while (end < source.length && source[end]!.role !== "assistant") end++;
    // The tool turns right after the call turn are one answer (consecutive tool messages).
    let inPlaceEnd = index + 1;
    if (isAnswerTurn(source[inPlaceEnd])) inPlaceEnd++;
    while (inPlaceEnd < end && source[inPlaceEnd]!.role === "tool" && source[inPlaceEnd - 1]!.role === "tool")
      inPlaceEnd++;
    const answers: { turn: Message; from: Origin[]; at?: number }[] = [];
    for (let answer = index + 1; answer < end; answer++) {
      const turn = source[answer]!;
      const parts: Part[] = [];
      const from: Origin[] = [];
      turn.parts.forEach((part, partIndex) => {
        if (part.type !== "tool-result") {
          parts.push(part);
          from.push([answer, partIndex]);
          return;
        }
        const key = part.callId === "" ? `\0${emptyAnswered}` : part.callId;
        if (!ids.has(key) || found.has(key))
          drop(
            answer,
            partIndex,
            `the tool result for ${part.callId} answers no open tool call of messages/${index}`,
          );
        else {
          if (part.callId === "") emptyAnswered++;
          if (answer >= inPlaceEnd) {
            context.lose(
              "approximated",
              pointer("/messages", answer, "parts", partIndex),
              `the tool result for ${part.callId} is sent right after its call`,
            );
          }
          if (answer !== index + 1) changed = true;
          found.set(key, { part, from: [answer, partIndex] });
        }
      });
      reportDropped(answer, turn.parts.length - dropped.length);
      answers.push({ turn: { ...turn, parts }, from, at: answer });
    }
    const results: Part[] = [];
    const resultOrigins: Origin[] = [];
    for (const call of calls) {
      const result = found.get(keys.get(call)!);
      if (result) {
        results.push(result.part);
        resultOrigins.push(result.from);
        continue;
      }
      const at = message.parts.indexOf(call);
      context.lose(
        "approximated",
        pointer("/messages", index, "parts", at),
        `the tool call ${call.id} came back without a result; it is answered with an error result saying so`,
      );
      changed = true;
      results.push({
        type: "tool-result",
        callId: call.id,
        name: call.name,
        content: [{ type: "text", text: missingToolResultText }],
        isError: true,
      });
      resultOrigins.push([index, at]);
    }
    const first = answers[0];
    // The results open the caller's answer turn (one holding results); a turn of the caller's own
    // content keeps it apart from results it did not give, for its encoder to send or report.
    const answered = first?.at !== undefined && source[first.at]!.parts.some(isToolResult);
    if (first && isAnswerTurn(first.turn) && answered)
      answers[0] = {
        turn: { ...first.turn, parts: [...results, ...first.turn.parts] },
        from: [...resultOrigins, ...first.from],
        ...(first.at !== undefined && { at: first.at }),
      };
    else answers.unshift({ turn: { role: "tool", parts: results }, from: resultOrigins });
    // A turn that came empty stays (see above); one emptied by moving its results was joined.
    for (const { turn, from, at } of answers)
      if (turn.parts.length > 0 || (at !== undefined && source[at]!.parts.length === 0)) push(turn, from, at);
    index = end;
  }
  if (!changed) return request;
  retrace(origins, messageOrigins, context);
  return { ...request, messages: output };
}
