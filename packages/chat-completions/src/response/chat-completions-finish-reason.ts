import type { ConversionContext, FinishReason, FinishReasonKind } from "@interlingua/core";

/** The canonical reason of each `finish_reason` (the legacy `function_call` is a tool call). */
const reasonByWire: Record<string, FinishReasonKind> = {
  stop: "stop",
  length: "length",
  tool_calls: "tool_calls",
  function_call: "tool_calls",
  content_filter: "content_filter",
};

/** The `finish_reason` of each canonical reason. */
const wireByReason: Record<FinishReasonKind, string> = {
  stop: "stop",
  length: "length",
  stop_sequence: "stop",
  tool_calls: "tool_calls",
  content_filter: "content_filter",
  refusal: "stop",
  pause: "stop",
  error: "stop",
  other: "stop",
};

/**
 * A choice's `finish_reason` as a canonical finish reason, the wire value kept in `raw`. A
 * server that answers tool calls with `stop` (some Ollama and vLLM builds) still means tool calls,
 * and a `stop` after a refusal is a refusal: `output` tells what the answer holds. A missing reason
 * (a cut-off answer) is `other`.
 */
export function decodeChatCompletionsFinishReason(
  wire: unknown,
  output: { calledTools: boolean; refused: boolean },
): FinishReason {
  if (typeof wire !== "string") return { reason: "other" };
  let reason = Object.hasOwn(reasonByWire, wire) ? (reasonByWire[wire] as FinishReasonKind) : "other";
  if (reason === "stop" && output.calledTools) reason = "tool_calls";
  else if (reason === "stop" && output.refused) reason = "refusal";
  return { reason, raw: wire };
}

/** Whether a `finish_reason` is one the format defines (a server's own is kept in extensions instead). */
export function isKnownFinishReason(wire: unknown): boolean {
  return typeof wire === "string" && Object.hasOwn(reasonByWire, wire);
}

/**
 * Reasons the format has no value for, whose `stop` reads back as another reason: a paused or
 * failed answer, and another format's own reason (an `other` with a raw value, Gemini's `OTHER`).
 */
function isUnsayable(finishReason: FinishReason): boolean {
  return (
    finishReason.reason === "pause" ||
    finishReason.reason === "error" ||
    (finishReason.reason === "other" && finishReason.raw !== undefined)
  );
}

/**
 * A canonical finish reason as `finish_reason`: the kept wire value when the format defines it,
 * else the nearest value the format has; where that value says something else (a paused or failed
 * answer sent as `stop`; given the choice's `output`, any value a client reads back as another
 * reason, as a matched stop sequence sent as `stop`), a loss at `path`; no reason at all is sent as
 * `stop` with a loss too (the format has no answer without one).
 */
export function encodeChatCompletionsFinishReason(
  finishReason: FinishReason | undefined,
  context: ConversionContext,
  path: string,
  output?: { calledTools: boolean; refused: boolean },
): string {
  if (finishReason === undefined || (finishReason.reason === "other" && finishReason.raw === undefined)) {
    // An answer that gives no reason (a messages stop_reason null): the format needs one.
    context.lose("approximated", path, "the answer gives no finish reason; sent as stop");
    return "stop";
  }
  if (isKnownFinishReason(finishReason.raw)) return finishReason.raw as string;
  const wire = wireByReason[finishReason.reason];
  const readBack = output && decodeChatCompletionsFinishReason(wire, output).reason;
  // A plain stop beside refusal content reads as the refusal it is; beside tool calls, as tool use.
  const readsOtherwise =
    readBack !== undefined &&
    finishReason.reason !== "other" &&
    readBack !== finishReason.reason &&
    !(finishReason.reason === "stop" && readBack === "refusal");
  if (isUnsayable(finishReason) || readsOtherwise)
    context.lose(
      "approximated",
      path,
      `the chat-completions format has no finish_reason for ${finishReason.raw ?? finishReason.reason}; sent as ${wire}`,
    );
  return wire;
}
