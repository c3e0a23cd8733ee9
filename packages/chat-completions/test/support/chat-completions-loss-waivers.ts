import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for chat-completions documents (issue #15), one per class: the
 * first path token of what is lost and why it is still open. Each is a defect to fix, not a rule.
 */
export const chatCompletionsLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent include_obfuscation true",
    reason:
      "a caller's stream_options.include_obfuscation true is kept for a chat-completions backend and not reported elsewhere: a same-format pass-through delivers the upstream's padding, but a converted stream gets none (the front's stream encoder sends no obfuscation field), and no request-side rule can tell the two apart without reporting a false loss on pass-through; open (fixture: obfuscation padding asked for)",
    kind: "silent",
    path: /^\/stream_options\/include_obfuscation$/,
  },
];
