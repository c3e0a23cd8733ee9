/** What the messages API accepts from the models of one family, for the legality rules that depend on the model. */
export interface MessagesModelFamily {
  /** A short name, used in loss and error messages. */
  readonly name: string;
  /** Matches the model ids of the family as sent upstream (`claude-sonnet-4-5-20250929`). */
  readonly pattern: RegExp;
  /** Whether `temperature` and `top_p` may not both be set ("cannot both be specified for this model"). */
  readonly oneSamplingSetting: boolean;
}

/**
 * The model families whose rules differ, first match wins: Claude Opus 4.1, Sonnet and Haiku 4.5 and
 * every later model refuse `temperature` and `top_p` together ("`temperature` and `top_p` cannot
 * both be specified for this model. Please use only one."; the Claude 4.5 migration notes, and
 * github.com/BerriAI/litellm/issues/15097, github.com/open-webui/pipelines/pull/546); earlier Claude
 * models take both. A minor version is one or two digits, so a date (`claude-sonnet-4-20250514`,
 * Sonnet 4.0) is not read as one. A model in no family (a deployment's own name) takes both.
 */
export const defaultMessagesModelFamilies: readonly MessagesModelFamily[] = [
  {
    name: "Claude 4.1 and later",
    pattern:
      /^claude-(?:opus-4-(?:[1-9]|[1-9]\d)|(?:sonnet|haiku)-4-(?:[5-9]|[1-9]\d)|(?:opus|sonnet|haiku)-(?:[5-9]|[1-9]\d))(?=$|[-@])/,
    oneSamplingSetting: true,
  },
];

/** The family of `model`: the first of `families` whose pattern matches, if any. */
export function findMessagesModelFamily(
  model: unknown,
  families: readonly MessagesModelFamily[],
): MessagesModelFamily | undefined {
  return typeof model === "string" ? families.find((family) => family.pattern.test(model)) : undefined;
}
