import { type ConversionContext, pointer } from "../conversion/conversion-context";
import type { ChatRequest } from "../model/chat-request";
import type { Message } from "../model/message";
import type { Part } from "../model/part";
import { retracePairedMessages } from "./retrace-paired-messages";

type ToolCall = Extract<Part, { type: "tool-call" }>;
type ToolResult = Extract<Part, { type: "tool-result" }>;

/** The text of a result the gateway sends for a call that came back without one. */
export const missingToolResultText = "No result was given for this call.";

const isAnswerTurn = (message: Message | undefined) => message?.role === "tool" || message?.role === "user";

/**
 * `request` with every tool call answered exactly once, right after the turn that made it, as every
 * backend requires (messages: "tool_use ids were found without tool_result blocks immediately
 * after"; generate-content: "the number of function response parts is equal to the number of
 * function call parts"; responses: "No tool output found for function call"). For each assistant
 * turn with calls, the results of its calls in the turns before the next assistant turn go first
 * into the turn right after it, in call order (a result from a later turn moves, `approximated`, but
 * for one from a run of tool turns right after the call, which answer it together); a call without
 * a result gets an error result saying so (`approximated`); a result that answers no call of that
 * turn, or answers one twice, is left out (`dropped`, and so is a message left with nothing). A
 * conversation that already holds to this is returned as it is; a changed one is traced again, so
 * later losses still point where the caller sent each node.
 */
export function pairToolResults(request: ChatRequest, context: ConversionContext): ChatRequest {
  const source = request.messages;
  const output: Message[] = [];
  let changed = false;
  const dropped = new Map<number, number>();
  const drop = (at: number, partIndex: number, why: string) => {
    context.lose("dropped", pointer("/messages", at, "parts", partIndex), why);
    dropped.set(at, (dropped.get(at) ?? 0) + 1);
    changed = true;
  };
  const toolTurnsFrom = (first: number, last: number) =>
    source.slice(first, last + 1).every((turn) => turn.role === "tool");
  let index = 0;
  while (index < source.length) {
    const message = source[index]!;
    const calls =
      message.role === "assistant"
        ? message.parts.filter((part): part is ToolCall => part.type === "tool-call")
        : [];
    if (calls.length === 0) {
      const parts = message.parts.filter((part, partIndex) => {
        if (part.type !== "tool-result") return true;
        drop(
          index,
          partIndex,
          `the tool result for ${part.callId} answers no tool call of the turn before it`,
        );
        return false;
      });
      if (parts.length > 0)
        output.push(parts.length === message.parts.length ? message : { ...message, parts });
      index++;
      continue;
    }
    output.push(message);
    const ids = new Set(calls.map((call) => call.id));
    const found = new Map<string, ToolResult>();
    // The turns that answer this one: every turn up to the next assistant turn.
    let end = index + 1;
    while (end < source.length && source[end]!.role !== "assistant") end++;
    const answers: Message[] = [];
    for (let answer = index + 1; answer < end; answer++) {
      const turn = source[answer]!;
      const parts: Part[] = [];
      turn.parts.forEach((part, partIndex) => {
        if (part.type !== "tool-result") parts.push(part);
        else if (!ids.has(part.callId) || found.has(part.callId))
          drop(
            answer,
            partIndex,
            `the tool result for ${part.callId} answers no open tool call of messages/${index}`,
          );
        else {
          // Tool turns in a row answer together (chat-completions sends one per result).
          const inTheAnswer =
            isAnswerTurn(turn) && (answer === index + 1 || toolTurnsFrom(index + 1, answer));
          if (!inTheAnswer)
            context.lose(
              "approximated",
              pointer("/messages", answer, "parts", partIndex),
              `the tool result for ${part.callId} is sent right after its call`,
            );
          // A result from a later turn moves into the first, reported or not.
          if (answer !== index + 1 || !isAnswerTurn(turn)) changed = true;
          found.set(part.callId, part);
        }
      });
      answers.push({ ...turn, parts });
    }
    const results: Part[] = calls.map((call) => {
      const result = found.get(call.id);
      if (result) return result;
      context.lose(
        "approximated",
        pointer("/messages", index, "parts", message.parts.indexOf(call)),
        `the tool call ${call.id} came back without a result; it is answered with an error result saying so`,
      );
      changed = true;
      return {
        type: "tool-result",
        callId: call.id,
        name: call.name,
        content: [{ type: "text", text: missingToolResultText }],
        isError: true,
      };
    });
    const first = answers[0];
    if (first && isAnswerTurn(first)) answers[0] = { ...first, parts: [...results, ...first.parts] };
    else answers.unshift({ role: "tool", parts: results });
    for (const turn of answers) if (turn.parts.length > 0) output.push(turn);
    index = end;
  }
  if (!changed) return request;
  // A message left with nothing is gone as a whole, and the messages after it move up.
  for (const [at, count] of dropped)
    if (count === source[at]!.parts.length)
      context.lose(
        "dropped",
        pointer("/messages", at),
        "the message held only tool results that answer no call",
      );
  retracePairedMessages(source, output, context);
  return { ...request, messages: output };
}
