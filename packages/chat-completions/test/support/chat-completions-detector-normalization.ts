import {
  answerWithoutZeroCounts,
  type DetectorNormalization,
  joinStreamEvents,
} from "@interlingua/core/test";

/** The fields whose text a split stream joins. */
const joined = new Set(["content", "reasoning_content", "reasoning", "refusal", "arguments"]);

/**
 * A request's message as the comparison reads it: a string `content` is the one text part it means
 * (the spec offers both forms for every role), and the `developer` role is `system` (the spec
 * describes both as "Developer-provided instructions that the model should follow, regardless of
 * messages sent by the user"; newer models read `system` as `developer`).
 */
function comparedMessage(message: unknown): unknown {
  if (typeof message !== "object" || message === null) return message;
  const compared = { ...(message as Record<string, unknown>) };
  if (compared.role === "developer") compared.role = "system";
  if (typeof compared.content === "string") compared.content = [{ type: "text", text: compared.content }];
  return compared;
}

/** Request fields at their spec default (`n`, `logprobs`, `parallel_tool_calls`), which say what absence says. */
const requestDefaults: Readonly<Record<string, unknown>> = {
  n: 1,
  logprobs: false,
  parallel_tool_calls: true,
};

/**
 * A request as the comparison reads it: its messages as {@link comparedMessage} reads them; a
 * setting at its spec default left out; the deprecated `max_tokens` as the `max_completion_tokens`
 * the spec deprecates it "in favor of"; a string `stop` as the list of one sequence it means (the
 * spec offers both forms); and `stream_options.include_usage` left out (it asks the front for the
 * usage chunk, which the front's stream encoder answers from the caller's own request whatever
 * format the exchange went through).
 */
/** Whether the comparison reads the request's `max_tokens` as `max_completion_tokens`. */
function readsMaxTokensAsCompletionTokens(request: Record<string, unknown>): boolean {
  return request.max_tokens != null && request.max_completion_tokens == null;
}

function comparedRequest(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const request = { ...(value as Record<string, unknown>) };
  if (Array.isArray(request.messages)) request.messages = request.messages.map(comparedMessage);
  for (const [field, fallback] of Object.entries(requestDefaults))
    if (request[field] === fallback) delete request[field];
  if (readsMaxTokensAsCompletionTokens(request)) {
    request.max_completion_tokens = request.max_tokens;
    delete request.max_tokens;
  }
  if (typeof request.stop === "string") request.stop = [request.stop];
  const options = request.stream_options;
  if (typeof options === "object" && options !== null) {
    const { include_usage: _asked, ...rest } = options as Record<string, unknown>;
    if (Object.keys(rest).length > 0) request.stream_options = rest;
    else delete request.stream_options;
  }
  return request;
}

/** The positions of an answer's choices in index order (the order of the list says nothing more). */
function choicesInIndexOrder(answer: Record<string, unknown>): number[] {
  const choices = Array.isArray(answer.choices) ? (answer.choices as Record<string, unknown>[]) : [];
  const indexOf = (position: number) => Number(choices[position]?.index ?? 0);
  return choices.map((_, position) => position).sort((a, b) => indexOf(a) - indexOf(b));
}

/**
 * A choice's `finish_reason` as the spec defines it: `function_call` (deprecated, "if the model
 * called a function") is `tool_calls` ("if the model called a tool"), and so is the `stop` some
 * servers (Ollama, vLLM) send after tool calls, `stop` being "a natural stop point or a provided
 * stop sequence".
 */
function comparedFinishReason(reason: unknown, calledTools: boolean): unknown {
  if (reason === "function_call" || (reason === "stop" && calledTools)) return "tool_calls";
  return reason;
}

/** Whether a message or delta holds a tool call (or the legacy function call). */
function holdsToolCall(message: unknown): boolean {
  if (typeof message !== "object" || message === null) return false;
  const { tool_calls: calls, function_call: call } = message as Record<string, unknown>;
  return (Array.isArray(calls) && calls.length > 0) || (typeof call === "object" && call !== null);
}

/** An answer's choices in index order, each with its finish reason as {@link comparedFinishReason} reads it. */
function comparedChoices(answer: Record<string, unknown>): unknown[] {
  const choices = answer.choices as Record<string, unknown>[];
  return choicesInIndexOrder(answer).map((position) => {
    const choice = choices[position];
    if (typeof choice !== "object" || choice === null || choice.finish_reason == null) return choice;
    return {
      ...choice,
      finish_reason: comparedFinishReason(choice.finish_reason, holdsToolCall(choice.message)),
    };
  });
}

/** A stream's chunks with each finish reason as {@link comparedFinishReason} reads it, given the deltas before. */
function withComparedFinishReasons(events: unknown[]): unknown[] {
  const calledTools = new Set<unknown>();
  return events.map((event) => {
    const chunk = event as Record<string, unknown>;
    if (typeof chunk !== "object" || chunk === null || !Array.isArray(chunk.choices)) return event;
    const choices = (chunk.choices as Record<string, unknown>[]).map((choice) => {
      if (holdsToolCall(choice.delta)) calledTools.add(choice.index);
      if (choice.finish_reason == null) return choice;
      return {
        ...choice,
        finish_reason: comparedFinishReason(choice.finish_reason, calledTools.has(choice.index)),
      };
    });
    return { ...chunk, choices };
  });
}

/**
 * How the loss detector reads chat-completions documents: a request as {@link comparedRequest}
 * reads it; an answer without its creation time and its usage counts of 0, its choices in index
 * order; finish reasons as {@link comparedFinishReason} reads them; a stream's chunks each without its
 * `obfuscation` (random characters that pad chunks against a size side channel, said to mean
 * nothing), as one answer (choices and tool call deltas by their `index`, the text of content,
 * reasoning, refusal and arguments joined; a field every chunk repeats, such as `created` or
 * `system_fingerprint`, counts as its last value).
 */
export const chatCompletionsDetectorNormalization: DetectorNormalization = {
  normalize(value, kind) {
    if (kind === "request") return comparedRequest(value);
    if (kind === "response") {
      const { created: _created, ...answer } = value as Record<string, unknown>;
      if (Array.isArray(answer.choices)) answer.choices = comparedChoices(answer);
      return answerWithoutZeroCounts(answer, "usage");
    }
    if (kind !== "event" || typeof value !== "object" || value === null) return value;
    const { obfuscation: _padding, ...chunk } = value as Record<string, unknown>;
    return chunk;
  },
  placeDocumentLoss(path, document) {
    const body = document as Record<string, unknown>;
    if (path === "/max_tokens" && readsMaxTokensAsCompletionTokens(body)) return "/max_completion_tokens";
    const choice = /^\/choices\/(\d+)(\/.*)?$/.exec(path);
    if (choice) {
      const place = choicesInIndexOrder(body).indexOf(Number(choice[1]));
      if (place !== -1) return `/choices/${place}${choice[2] ?? ""}`;
    }
    return undefined;
  },
  normalizeStream: withComparedFinishReasons,
  eventKeys: (events) => events.map(() => "/answer"),
  mergeEvents: (earlier, later) => joinStreamEvents(earlier, later, joined),
};
