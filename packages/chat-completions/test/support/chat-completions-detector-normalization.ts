import {
  answerWithoutZeroCounts,
  type DetectorNormalization,
  joinStreamEvents,
} from "@interlingua/core/test";

/** The fields whose text a split stream joins. */
const joined = new Set(["content", "reasoning_content", "reasoning", "refusal", "arguments"]);

/**
 * How the loss detector reads chat-completions documents: an answer without its creation time and
 * its usage counts of 0; a stream's chunks each without its `obfuscation` (random characters that
 * pad chunks against a size side channel, said to mean nothing), as one answer (choices and tool
 * call deltas by their `index`, the text of content, reasoning, refusal and arguments joined; a field
 * every chunk repeats, such as `created` or `system_fingerprint`, counts as its last value).
 */
export const chatCompletionsDetectorNormalization: DetectorNormalization = {
  normalize(value, kind) {
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
