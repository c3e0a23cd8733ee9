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
 * How the loss detector reads chat-completions documents: a request as {@link comparedRequest}
 * reads it; an answer
 * without its creation time and its usage counts of 0, its choices in index order; a stream's chunks each without its
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
      if (Array.isArray(answer.choices)) {
        const choices = answer.choices;
        answer.choices = choicesInIndexOrder(answer).map((position) => choices[position]);
      }
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
    if (choice && body.object !== "chat.completion.chunk") {
      const place = choicesInIndexOrder(body).indexOf(Number(choice[1]));
      if (place !== -1) return `/choices/${place}${choice[2] ?? ""}`;
    }
    return undefined;
  },
  eventKeys: (events) => events.map(() => "/answer"),
  mergeEvents: (earlier, later) => joinStreamEvents(earlier, later, joined),
};
