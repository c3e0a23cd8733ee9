/** What the messages API accepts from the models of one family, for the legality rules that depend on the model. */
export interface MessagesModelFamily {
  /** A short name, used in loss and error messages. */
  readonly name: string;
  /** Matches the model ids of the family as sent upstream (`claude-sonnet-4-5-20250929`). */
  readonly pattern: RegExp;
  /** Whether `temperature` and `top_p` may not both be set ("cannot both be specified for this model"). */
  readonly oneSamplingSetting: boolean;
  /**
   * The forms of `thinking` the family takes: `budget` (`enabled` with `budget_tokens`, or
   * `disabled`; no `adaptive`), `adaptive` (`adaptive` alone: no budget, no `disabled`), or `both`.
   * Unset: no rule (whatever is sent goes as it is).
   */
  readonly thinkingForms?: "budget" | "adaptive" | "both";
  /** Whether `output_config.effort` is taken; unset: no rule. */
  readonly effort?: boolean;
}

/**
 * The model families whose rules differ, first match wins. A minor version is one or two digits, so
 * a date (`claude-sonnet-4-20250514`, Sonnet 4.0) is not read as one. A model in no family (a
 * deployment's own name) gets no rule of these. Sources:
 * - Sampling: Claude Opus 4.1, Sonnet and Haiku 4.5 and every later model refuse `temperature` and
 *   `top_p` together ("`temperature` and `top_p` cannot both be specified for this model. Please use
 *   only one."; the Claude 4.5 migration notes, github.com/BerriAI/litellm/issues/15097,
 *   github.com/open-webui/pipelines/pull/546); earlier Claude models take both.
 * - Thinking forms: adaptive thinking arrived with Claude 4.6 (Opus 4.6, Sonnet 4.6 take both forms,
 *   the budget deprecated); "older models (Sonnet 4.5, Opus 4.5, etc.) do not support adaptive
 *   thinking and require thinking.type enabled with budget_tokens"; Opus 4.7, the Mythos models and
 *   the Claude 5 family take adaptive thinking only, and refuse `enabled` and `disabled` with a 400
 *   ("thinking.type.enabled is not supported for this model. Use thinking.type.adaptive and
 *   output_config.effort"): platform.claude.com/docs/en/build-with-claude/adaptive-thinking, Amazon
 *   Bedrock's "Adaptive thinking" page (docs.aws.amazon.com/bedrock/latest/userguide/claude-messages-adaptive-thinking.html).
 * - Effort: `output_config.effort` arrived with Opus 4.5 and is taken by it and every later model
 *   (platform.claude.com/docs/en/build-with-claude/effort); earlier models have no effort.
 */
export const defaultMessagesModelFamilies: readonly MessagesModelFamily[] = [
  {
    name: "Claude Opus 4.7, Mythos and Claude 5 and later",
    pattern: /^claude-(?:opus-4-(?:[7-9]|[1-9]\d)|mythos|[a-z]+-(?:[5-9]|[1-9]\d))(?=$|[-@])/,
    oneSamplingSetting: true,
    thinkingForms: "adaptive",
    effort: true,
  },
  {
    name: "Claude 4.6",
    pattern: /^claude-(?:opus|sonnet|haiku)-4-6(?=$|[-@])/,
    oneSamplingSetting: true,
    thinkingForms: "both",
    effort: true,
  },
  {
    name: "Claude Opus 4.5",
    pattern: /^claude-opus-4-5(?=$|[-@])/,
    oneSamplingSetting: true,
    thinkingForms: "budget",
    effort: true,
  },
  {
    name: "Claude 4.1 to 4.5",
    pattern: /^claude-(?:opus-4-[1-4]|(?:sonnet|haiku)-4-5)(?=$|[-@])/,
    oneSamplingSetting: true,
    thinkingForms: "budget",
    effort: false,
  },
  {
    name: "Claude 4.0 and 3",
    pattern: /^claude-(?:(?:opus|sonnet|haiku)-4(?:-0)?(?=$|-\d{8}|[-@]latest|@)|3-)/,
    oneSamplingSetting: false,
    thinkingForms: "budget",
    effort: false,
  },
];

/** The family of `model`: the first of `families` whose pattern matches, if any. */
export function findMessagesModelFamily(
  model: unknown,
  families: readonly MessagesModelFamily[],
): MessagesModelFamily | undefined {
  return typeof model === "string" ? families.find((family) => family.pattern.test(model)) : undefined;
}
