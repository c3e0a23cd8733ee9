/**
 * What the responses API accepts from the models of one family, for the legality rules that
 * depend on the model (see {@link responsesSamplingRules}).
 */
export interface ResponsesModelFamily {
  /** A short name, used in loss and error messages (`o-series`). */
  readonly name: string;
  /** Matches the model ids of the family as sent upstream (`o3-mini-2025-01-31`). */
  readonly pattern: RegExp;
  /**
   * Whether the models reason: they take `reasoning`, and refuse `temperature` and `top_p` other
   * than their default 1 unless the request's effort is one of {@link samplingEfforts}.
   */
  readonly reasoning: boolean;
  /** The reasoning effort a request that names none gets (reasoning families; `medium` when unset). */
  readonly defaultEffort?: string;
  /** Efforts under which `temperature` and `top_p` are accepted (gpt-5.1 and later: `none`). */
  readonly samplingEfforts?: readonly string[];
  /** The reasoning efforts the models take, when known (any effort is sent when unset). */
  readonly efforts?: readonly string[];
}

/** Reasoning efforts from least to most, as the spec's `ReasoningEffort` lists them. */
export const responsesEffortOrder = ["none", "minimal", "low", "medium", "high", "xhigh", "max"];

/**
 * The model families of the OpenAI reasoning guide (platform.openai.com/docs/guides/reasoning)
 * and the GPT-5 guide (platform.openai.com/docs/guides/latest-model), first match wins:
 * - `gpt-5-chat-latest` and its kin do not reason;
 * - the codex and pro models always reason;
 * - gpt-5.1 and later reason with effort `none` by default, and take sampling settings only then;
 *   gpt-5.1 takes efforts `none` to `high`, later ones up to `xhigh`;
 * - gpt-5, gpt-5-mini, gpt-5-nano (`minimal` to `high`), the o-series (o1, o3, o4-mini, ...;
 *   `low` to `high`) and codex-mini always reason;
 * - gpt-4.1, gpt-4o, gpt-4 and gpt-3.5 do not (and refuse a reasoning effort).
 * Other names (names a deployment chose) are unknown: see {@link responsesSamplingRules}.
 */
export const defaultResponsesModelFamilies: readonly ResponsesModelFamily[] = [
  { name: "gpt-5 chat", pattern: /^gpt-5(?:\.\d+)?-chat/, reasoning: false },
  { name: "gpt-5 codex", pattern: /^gpt-5(?:\.\d+)?-codex/, reasoning: true },
  { name: "gpt-5 pro", pattern: /^gpt-5(?:\.\d+)?-pro/, reasoning: true, defaultEffort: "high" },
  {
    name: "gpt-5.1",
    pattern: /^gpt-5\.1(?:$|-)/,
    reasoning: true,
    defaultEffort: "none",
    samplingEfforts: ["none"],
    efforts: ["none", "low", "medium", "high"],
  },
  {
    name: "gpt-5.2 and later",
    pattern: /^gpt-5\.\d/,
    reasoning: true,
    defaultEffort: "none",
    samplingEfforts: ["none"],
    efforts: ["none", "low", "medium", "high", "xhigh"],
  },
  { name: "gpt-5", pattern: /^gpt-5(?:$|-)/, reasoning: true, efforts: ["minimal", "low", "medium", "high"] },
  { name: "o-series", pattern: /^o\d(?:$|-)/, reasoning: true, efforts: ["low", "medium", "high"] },
  { name: "codex", pattern: /^codex-/, reasoning: true },
  { name: "gpt-4 and earlier", pattern: /^(?:chatgpt-4o|gpt-4|gpt-3\.5)/, reasoning: false },
];

/** The family of `model`: the first of `families` whose pattern matches, if any. */
export function findResponsesModelFamily(
  model: string,
  families: readonly ResponsesModelFamily[],
): ResponsesModelFamily | undefined {
  return families.find((family) => family.pattern.test(model));
}

/** What a request may carry for its model; see {@link responsesSamplingRules}. */
export interface ResponsesSamplingRules {
  /** Whether the model reasons for this request (its effort is not `none`). */
  readonly reasons: boolean;
  /** Whether `temperature` and `top_p` other than 1 are accepted. */
  readonly sampling: boolean;
  /** The family's name, or `unknown`. */
  readonly family: string;
}

/**
 * The sampling rules of a wire request: for a known family, from its table entry and the effort
 * the request names (or the family's default); for an unknown model, conservative ones: it is taken
 * not to reason unless the request asks for reasoning (a `reasoning` object whose effort is not
 * `none`), and then to refuse sampling settings as every reasoning model does.
 */
export function responsesSamplingRules(
  model: string,
  reasoning: unknown,
  families: readonly ResponsesModelFamily[],
): ResponsesSamplingRules {
  const requested =
    typeof reasoning === "object" && reasoning !== null
      ? ((reasoning as { effort?: unknown }).effort ?? undefined)
      : undefined;
  const family = findResponsesModelFamily(model, families);
  if (family === undefined) {
    const asks = typeof reasoning === "object" && reasoning !== null && requested !== "none";
    return { reasons: asks, sampling: !asks, family: "unknown" };
  }
  if (!family.reasoning) return { reasons: false, sampling: true, family: family.name };
  const effort = typeof requested === "string" ? requested : (family.defaultEffort ?? "medium");
  return {
    reasons: effort !== "none",
    sampling: family.samplingEfforts?.includes(effort) ?? false,
    family: family.name,
  };
}

/**
 * The effort of `family`'s list nearest to `effort` in {@link responsesEffortOrder} (the lesser of
 * two as near), or undefined when `effort` is one the family takes, or either is not in the order.
 */
export function nearestResponsesEffort(family: ResponsesModelFamily, effort: string): string | undefined {
  const wanted = responsesEffortOrder.indexOf(effort);
  if (family.efforts === undefined || family.efforts.includes(effort) || wanted < 0) return undefined;
  let nearest: string | undefined;
  let distance = Number.POSITIVE_INFINITY;
  for (const candidate of responsesEffortOrder) {
    const gap = Math.abs(responsesEffortOrder.indexOf(candidate) - wanted);
    if (family.efforts.includes(candidate) && gap < distance) {
      nearest = candidate;
      distance = gap;
    }
  }
  return nearest;
}
