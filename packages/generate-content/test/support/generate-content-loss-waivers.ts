import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for generate-content documents (issue #15), one per class: the
 * first path token of what is lost and why it is still open. Each is a defect to fix, not a rule.
 */
export const generateContentLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent turn after a split turn",
    reason:
      "a user turn holding media another format cannot take and a function call is split by responses and interactions (reported at that turn), and the user turn after it comes back without its text, not yet traced (found by the 2,000-run generated requests, seed 1358801314)",
    kind: "silent",
    path: /^\/contents\/\d+\/parts\/\d+\/text$/,
  },
];
