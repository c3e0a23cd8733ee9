import type { ReasoningConfig } from "../model/reasoning-config";

/**
 * The canonical reasoning settings a format of efforts says with an effort (responses
 * `reasoning.effort`, chat-completions `reasoning_effort`, interactions `thinking_level`,
 * generate-content `thinkingLevel`): any effort but `none` asks the model to reason that much, so
 * thinking is on (`enabled: true`), which a format that turns thinking on apart (messages) must
 * send as well (decision 0044); `none` says no reasoning, which such a format says by no thinking.
 */
export function reasoningOfEffort(effort: string): ReasoningConfig {
  return effort === "none" ? { effort } : { enabled: true, effort };
}
