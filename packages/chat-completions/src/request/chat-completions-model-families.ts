/**
 * What the chat-completions endpoint of one model family accepts, for the legality rules that
 * depend on the model ({@link legalizeChatCompletionsRequest}).
 */
export interface ChatCompletionsModelFamily {
  /** A short name, used in loss messages (`o-series`). */
  readonly name: string;
  /** Matches the model ids of the family as sent upstream (`o3-mini-2025-01-31`). */
  readonly pattern: RegExp;
  /** Whether the models take `reasoning_effort`. */
  readonly reasoningEffort: boolean;
  /** The reasoning efforts they take, when known (any effort is sent when unset). */
  readonly efforts?: readonly string[];
  /** Request fields the models refuse or ignore, which are dropped with a loss. */
  readonly unsupported?: readonly string[];
  /** Efforts under which the `unsupported` sampling fields are accepted after all (gpt-5.1 and later: `none`). */
  readonly samplingEfforts?: readonly string[];
}

/** Reasoning efforts from least to most. */
export const chatCompletionsEffortOrder = ["none", "minimal", "low", "medium", "high", "xhigh", "max"];

/** What OpenAI's reasoning models refuse (platform.openai.com/docs/guides/reasoning, "limitations"). */
const openAiReasoningUnsupported = [
  "temperature",
  "top_p",
  "presence_penalty",
  "frequency_penalty",
  "logprobs",
  "top_logprobs",
  "logit_bias",
];

/**
 * The model families whose rules are known, first match wins:
 * - OpenAI (reasoning guide, GPT-5 guide): `gpt-5-chat` does not reason; gpt-5.1 (efforts none to
 *   high) and later (none to xhigh) reason and take sampling settings only with effort `none`; gpt-5, the o-series and codex models reason and
 *   refuse sampling settings, penalties, logprobs and `logit_bias`; gpt-4 and earlier take no effort.
 * - DeepSeek (api-docs.deepseek.com/guides/reasoning_model): `deepseek-reasoner` ignores
 *   `temperature`, `top_p` and the penalties and refuses `logprobs` / `top_logprobs`; it has no
 *   reasoning effort.
 * Other names (a vLLM or Ollama model, a deployment's own) get only the format's ranges.
 */
export const defaultChatCompletionsModelFamilies: readonly ChatCompletionsModelFamily[] = [
  { name: "gpt-5 chat", pattern: /^gpt-5(?:\.\d+)?-chat/, reasoningEffort: false },
  {
    name: "gpt-5.1",
    pattern: /^gpt-5\.1(?:$|-)/,
    reasoningEffort: true,
    efforts: ["none", "low", "medium", "high"],
    unsupported: openAiReasoningUnsupported,
    samplingEfforts: ["none"],
  },
  {
    name: "gpt-5.2 and later",
    pattern: /^gpt-5\.\d/,
    reasoningEffort: true,
    efforts: ["none", "low", "medium", "high", "xhigh"],
    unsupported: openAiReasoningUnsupported,
    samplingEfforts: ["none"],
  },
  {
    name: "gpt-5",
    pattern: /^gpt-5(?:$|-)/,
    reasoningEffort: true,
    efforts: ["minimal", "low", "medium", "high"],
    unsupported: openAiReasoningUnsupported,
  },
  {
    name: "o-series",
    pattern: /^o\d(?:$|-)/,
    reasoningEffort: true,
    efforts: ["low", "medium", "high"],
    unsupported: openAiReasoningUnsupported,
  },
  { name: "codex", pattern: /^codex-/, reasoningEffort: true, unsupported: openAiReasoningUnsupported },
  { name: "gpt-4 and earlier", pattern: /^(?:chatgpt-4o|gpt-4|gpt-3\.5)/, reasoningEffort: false },
  {
    name: "deepseek-reasoner",
    pattern: /^deepseek-reasoner/,
    reasoningEffort: false,
    unsupported: [
      "temperature",
      "top_p",
      "presence_penalty",
      "frequency_penalty",
      "logprobs",
      "top_logprobs",
    ],
  },
  { name: "deepseek-chat", pattern: /^deepseek-chat/, reasoningEffort: false },
];

/** The family of `model`: the first of `families` whose pattern matches, if any. */
export function findChatCompletionsModelFamily(
  model: string,
  families: readonly ChatCompletionsModelFamily[],
): ChatCompletionsModelFamily | undefined {
  return families.find((family) => family.pattern.test(model));
}

/**
 * The effort of `family`'s list nearest to `effort` (the lesser of two as near), or undefined when
 * the family takes `effort`, lists none, or either is not in the order.
 */
export function nearestChatCompletionsEffort(
  family: ChatCompletionsModelFamily,
  effort: string,
): string | undefined {
  const wanted = chatCompletionsEffortOrder.indexOf(effort);
  if (family.efforts === undefined || family.efforts.includes(effort) || wanted < 0) return undefined;
  let nearest: string | undefined;
  let distance = Number.POSITIVE_INFINITY;
  for (const candidate of chatCompletionsEffortOrder) {
    const gap = Math.abs(chatCompletionsEffortOrder.indexOf(candidate) - wanted);
    if (family.efforts.includes(candidate) && gap < distance) {
      nearest = candidate;
      distance = gap;
    }
  }
  return nearest;
}
