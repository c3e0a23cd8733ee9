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

/**
 * How the loss detector reads chat-completions documents: a request's messages with a string
 * content as its one text part and `developer` as `system` (see {@link comparedMessage}); an answer
 * without its creation time and its usage counts of 0; a stream's chunks each without its
 * `obfuscation` (random characters that pad chunks against a size side channel, said to mean
 * nothing), as one answer (choices and tool call deltas by their `index`, the text of content,
 * reasoning, refusal and arguments joined; a field every chunk repeats, such as `created` or
 * `system_fingerprint`, counts as its last value).
 */
export const chatCompletionsDetectorNormalization: DetectorNormalization = {
  normalize(value, kind) {
    if (kind === "request") {
      const request = value as Record<string, unknown>;
      if (!Array.isArray(request.messages)) return request;
      return { ...request, messages: request.messages.map(comparedMessage) };
    }
    if (kind === "response") {
      const { created: _created, ...answer } = value as Record<string, unknown>;
      return answerWithoutZeroCounts(answer, "usage");
    }
    if (kind !== "event" || typeof value !== "object" || value === null) return value;
    const { obfuscation: _padding, ...chunk } = value as Record<string, unknown>;
    return chunk;
  },
  eventKeys: (events) => events.map(() => "/answer"),
  mergeEvents: (earlier, later) => joinStreamEvents(earlier, later, joined),
};
