import type { ChatEvent, ChatResponse } from "@interlingua/core";

/** A whole text answer. */
export function textAnswer(text: string, id = "resp_text_1"): ChatResponse {
  return {
    id,
    model: "upstream-model",
    parts: [{ type: "text", text }],
    finishReason: { reason: "stop" },
    usage: { inputTokens: 12, outputTokens: 5 },
    status: "completed",
  };
}

/** Two parallel calls of `get_weather`, the first signed by `signatureFormat` when given. */
export function parallelToolCallAnswer(signatureFormat?: string, id = "resp_tools_1"): ChatResponse {
  const signature =
    signatureFormat === undefined ? {} : { signature: { format: signatureFormat, data: "call-sig/0+=" } };
  return {
    id,
    model: "upstream-model",
    parts: [
      {
        type: "tool-call",
        id: "call_paris_1",
        name: "get_weather",
        arguments: { city: "Paris" },
        ...signature,
      },
      { type: "tool-call", id: "call_tokyo_2", name: "get_weather", arguments: { city: "Tokyo" } },
    ],
    finishReason: { reason: "tool_calls" },
    usage: { inputTokens: 20, outputTokens: 9 },
    status: "completed",
  };
}

/** Reasoning with opaque state made by `format`, then text. */
export function reasoningAnswer(format: string, signature: string, id = "resp_reasoning_1"): ChatResponse {
  return {
    id,
    model: "upstream-model",
    parts: [
      { type: "reasoning", text: "Thinking it over.", signature: { format, data: signature } },
      { type: "text", text: "Forty-two." },
    ],
    finishReason: { reason: "stop" },
    usage: { inputTokens: 10, outputTokens: 30 },
    status: "completed",
  };
}

/** A stream that starts, says some text, then fails with an upstream `overloaded` error. */
export function failingStreamEvents(): ChatEvent[] {
  return [
    { type: "response-start", id: "resp_fail_1", model: "upstream-model" },
    { type: "part-start", index: 0, kind: "text" },
    { type: "text-delta", index: 0, text: "Partial " },
    { type: "text-delta", index: 0, text: "answer" },
    { type: "error", error: { kind: "overloaded", status: 529, message: "Upstream overloaded mid-stream." } },
  ];
}

/** A long text stream, one word per delta. */
export function longStreamEvents(words: number): ChatEvent[] {
  const events: ChatEvent[] = [
    { type: "response-start", id: "resp_long_1", model: "upstream-model" },
    { type: "part-start", index: 0, kind: "text" },
  ];
  for (let index = 0; index < words; index++)
    events.push({ type: "text-delta", index: 0, text: `word${index} ` });
  events.push({
    type: "part-end",
    index: 0,
    part: { type: "text", text: Array.from({ length: words }, (_, index) => `word${index} `).join("") },
  });
  events.push({
    type: "response-end",
    finishReason: { reason: "stop" },
    usage: { inputTokens: 1, outputTokens: words },
  });
  return events;
}
