import {
  answerWithoutZeroCounts,
  type DetectorNormalization,
  joinStreamEvents,
} from "@interlingua/core/test";

/** The fields whose text a split stream joins. */
const joined = new Set(["content", "reasoning_content", "reasoning", "refusal", "arguments"]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A request's message as the comparison reads it: a string `content` is the one text part it means
 * (the spec offers both forms for every role), an empty `refusal` (field or part) is none and another is the
 * refusal part an assistant's content may hold instead, the deprecated
 * `function_call` and `function` message as the `tool_calls` and `tool` message that replaced them
 * (the result answers the latest call of the function it names, as the codec reads it), and the `developer` role is `system` (the spec
 * describes both as "Developer-provided instructions that the model should follow, regardless of
 * messages sent by the user"; newer models read `system` as `developer`).
 */
function comparedMessage(message: unknown): unknown {
  if (typeof message !== "object" || message === null) return message;
  const compared = { ...(message as Record<string, unknown>) };
  if (compared.role === "developer") compared.role = "system";
  if (typeof compared.content === "string") compared.content = [{ type: "text", text: compared.content }];
  if (compared.refusal === "") delete compared.refusal;
  if (Array.isArray(compared.content))
    compared.content = compared.content.filter(
      (part) => !(isObject(part) && part.type === "refusal" && part.refusal === ""),
    );
  if (Array.isArray(compared.content) && compared.content.length === 0) delete compared.content;
  // An assistant's refusal field is the refusal part its content may hold instead.
  if (typeof compared.refusal === "string") {
    const content = Array.isArray(compared.content) ? compared.content : [];
    compared.content = [...content, { type: "refusal", refusal: compared.refusal }];
    delete compared.refusal;
  }
  // The deprecated function calling, as the tool calling that replaced it.
  const noToolCalls = !Array.isArray(compared.tool_calls) || compared.tool_calls.length === 0;
  if (isObject(compared.function_call) && noToolCalls) {
    compared.tool_calls = [{ type: "function", function: compared.function_call }];
    delete compared.function_call;
  }
  if (compared.role === "function") {
    compared.role = "tool";
    delete compared.name;
  }
  return compared;
}

/** Request fields at their spec default (`n`, `logprobs`, `parallel_tool_calls`), which say what absence says. */
const requestDefaults: Readonly<Record<string, unknown>> = {
  n: 1,
  logprobs: false,
  parallel_tool_calls: true,
};

/**
 * A `tool_choice` as the comparison reads it: `allowed_tools` in mode `required` listing one
 * function is that function named ("requires the model to call one or more of the allowed tools"
 * of one, which is what "force the model to call a specific function" says).
 */
function comparedToolChoice(choice: unknown): unknown {
  if (typeof choice !== "object" || choice === null) return choice;
  const { type, allowed_tools: allowed } = choice as Record<string, unknown>;
  if (type !== "allowed_tools" || typeof allowed !== "object" || allowed === null) return choice;
  const { mode, tools } = allowed as Record<string, unknown>;
  if (mode !== "required" || !Array.isArray(tools) || tools.length !== 1) return choice;
  const [tool] = tools as Record<string, unknown>[];
  if (tool?.type !== "function") return choice;
  return { type: "function", function: tool.function };
}

/**
 * A request as the comparison reads it: its messages as {@link comparedMessage} reads them; a
 * setting at its spec default left out (a `response_format` of `{ "type": "text" }` too, the spec's
 * "Default response format"); the deprecated `max_tokens` as the `max_completion_tokens`
 * the spec deprecates it "in favor of"; a string `stop` as the list of one sequence it means (the
 * spec offers both forms); its `tool_choice` as {@link comparedToolChoice} reads it; and
 * `stream_options.include_obfuscation` (the front's stream encoder answers it, whatever the backend:
 * `obfuscation` padding of its own when true, none when false; decision 0050) and `stream_options.include_usage` left out (it asks the front for the
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
  if (isObject(request.response_format) && Object.keys(request.response_format).join() === "type")
    if (request.response_format.type === "text") delete request.response_format;
  if (request.tool_choice !== undefined) request.tool_choice = comparedToolChoice(request.tool_choice);
  if (Array.isArray(request.tools)) request.tools = request.tools.map(withoutUnstrict);
  const options = request.stream_options;
  if (typeof options === "object" && options !== null) {
    const { include_usage: _asked, ...rest } = options as Record<string, unknown>;
    // The front's stream encoder answers it, whatever the backend: its own padding when asked, none when not.
    delete rest.include_obfuscation;
    if (Object.keys(rest).length > 0) request.stream_options = rest;
    else delete request.stream_options;
  }
  return request;
}

/**
 * A function tool without `strict: false`, the spec's `default` for it ("Whether to enable strict
 * schema adherence"): formats with no per-tool strictness (generate-content, interactions) are
 * unstrict, which is what it asks.
 */
function withoutUnstrict(tool: unknown): unknown {
  if (!isObject(tool) || !isObject(tool.function) || tool.function.strict !== false) return tool;
  const { strict: _unstrict, ...fn } = tool.function;
  return { ...tool, function: fn };
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

/**
 * An answer's choices in index order, each with its finish reason as {@link comparedFinishReason}
 * reads it and an empty `refusal` as none (it refuses nothing).
 */
function comparedChoices(answer: Record<string, unknown>): unknown[] {
  const choices = answer.choices as Record<string, unknown>[];
  return choicesInIndexOrder(answer).map((position) => {
    const choice = choices[position];
    if (typeof choice !== "object" || choice === null) return choice;
    const compared = { ...choice };
    if (typeof choice.message === "object" && choice.message !== null) {
      const { refusal, ...message } = choice.message as Record<string, unknown>;
      compared.message = refusal === "" ? message : choice.message;
    }
    if (choice.finish_reason != null)
      compared.finish_reason = comparedFinishReason(choice.finish_reason, holdsToolCall(choice.message));
    return compared;
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

/** An object without its fields whose value is `null`. */
function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null));
}

/**
 * A chunk's choice as the comparison reads it: without its `null` fields and its delta's (a chunk
 * adds to the answer, and `null` adds nothing: a later chunk's `finish_reason: null` does not undo
 * an earlier reason), without delta text that adds none (`""`), and with reasoning under
 * `reasoning_content` where a server named it `reasoning` (neither is in the spec; servers use
 * either name for the same text, and the codec reads both as reasoning).
 */
function comparedChunkChoice(choice: unknown): unknown {
  if (typeof choice !== "object" || choice === null) return choice;
  const compared = withoutNulls(choice as Record<string, unknown>);
  if (typeof compared.delta !== "object" || compared.delta === null) return compared;
  const delta = withoutNulls(compared.delta as Record<string, unknown>);
  for (const field of Object.keys(delta)) if (joined.has(field) && delta[field] === "") delete delta[field];
  if (delta.reasoning !== undefined && delta.reasoning_content === undefined) {
    delta.reasoning_content = delta.reasoning;
    delete delta.reasoning;
  }
  return { ...compared, delta };
}

/**
 * A stream's tool call deltas numbered by call: a delta with an id other than the call at its
 * `index` starts a new call (Ollama sends each whole call in its own chunk, every one at index 0),
 * as the codec reads it.
 */
function withToolCallsNumberedByCall(events: unknown[]): unknown[] {
  const calls = new Map<unknown, { ids: Map<number, unknown>; places: Map<number, number> }>();
  return events.map((event) => {
    const chunk = event as Record<string, unknown>;
    if (typeof chunk !== "object" || chunk === null || !Array.isArray(chunk.choices)) return event;
    const choices = (chunk.choices as Record<string, unknown>[]).map((choice) => {
      const delta = choice.delta as Record<string, unknown> | undefined;
      if (!delta || !Array.isArray(delta.tool_calls)) return choice;
      const seen = calls.get(choice.index) ?? { ids: new Map(), places: new Map() };
      calls.set(choice.index, seen);
      const toolCalls = (delta.tool_calls as Record<string, unknown>[]).map((call) => {
        const index = Number(call.index);
        const current = seen.places.get(index);
        if (call.id !== undefined && (current === undefined || seen.ids.get(current) !== call.id)) {
          let place = index;
          while (seen.ids.has(place)) place++;
          seen.places.set(index, place);
          seen.ids.set(place, call.id);
        }
        return { ...call, index: seen.places.get(index) ?? index };
      });
      return { ...choice, delta: { ...delta, tool_calls: toolCalls } };
    });
    return { ...chunk, choices };
  });
}

/**
 * How the loss detector reads chat-completions documents: a request as {@link comparedRequest}
 * reads it; an answer without its usage counts of 0, its choices in index
 * order; finish reasons as {@link comparedFinishReason} reads them; a stream's chunks each as
 * {@link comparedChunkChoice} reads its choices, tool calls numbered by call, and without its
 * `obfuscation` (random characters that pad chunks against a size side channel, said to mean
 * nothing), as one answer (choices and tool call deltas by their `index`, the text of content,
 * reasoning, refusal and arguments joined; a field every chunk repeats, such as `created` or
 * `system_fingerprint`, counts as its last value).
 */
export const chatCompletionsDetectorNormalization: DetectorNormalization = {
  normalize(value, kind) {
    if (kind === "request") return comparedRequest(value);
    if (kind === "response") {
      const answer = { ...(value as Record<string, unknown>) };
      if (Array.isArray(answer.choices)) answer.choices = comparedChoices(answer);
      return answerWithoutZeroCounts(answer, "usage");
    }
    if (kind !== "event" || typeof value !== "object" || value === null) return value;
    const { obfuscation: _padding, ...chunk } = value as Record<string, unknown>;
    if (Array.isArray(chunk.choices)) chunk.choices = chunk.choices.map(comparedChunkChoice);
    return chunk;
  },
  placeBodyLoss(path, document) {
    const body = document as Record<string, unknown>;
    if (readsMaxTokensAsCompletionTokens(body)) {
      if (path === "/max_tokens") return "/max_completion_tokens";
      // A null max_completion_tokens beside it says nothing, and its place is max_tokens's now.
      if (path === "/max_completion_tokens") return null;
    }
    // An empty tool_calls list beside a legacy function_call says nothing: its place is the call's.
    const calls = /^\/messages\/(\d+)\/tool_calls$/.exec(path);
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const message = calls ? (messages[Number(calls[1])] as Record<string, unknown> | undefined) : undefined;
    if (message && isObject(message.function_call) && Array.isArray(message.tool_calls))
      if (message.tool_calls.length === 0) return null;
    const choice = /^\/choices\/(\d+)(\/.*)?$/.exec(path);
    if (choice) {
      const place = choicesInIndexOrder(body).indexOf(Number(choice[1]));
      if (place !== -1) return `/choices/${place}${choice[2] ?? ""}`;
    }
    return undefined;
  },
  normalizeStream: (events) => withComparedFinishReasons(withToolCallsNumberedByCall(events)),
  placeLoss(path, events) {
    // A choice of one chunk is the choice of that index in the joined answer, listed as first seen.
    const choice = /^\/(\d+)\/choices\/(\d+)(\/.*)?$/.exec(path);
    if (!choice) return undefined;
    const choicesOf = (event: unknown) => {
      const choices = (event as Record<string, unknown> | undefined)?.choices;
      return Array.isArray(choices) ? (choices as Record<string, unknown>[]) : [];
    };
    const index = choicesOf(events[Number(choice[1])])[Number(choice[2])]?.index;
    const order = [...new Set(events.flatMap((event) => choicesOf(event).map((each) => each.index)))];
    return order.includes(index) ? `/answer/choices/${order.indexOf(index)}${choice[3] ?? ""}` : undefined;
  },
  eventKeys: (events) => events.map(() => "/answer"),
  mergeEvents: (earlier, later) => joinStreamEvents(earlier, later, joined),
};
