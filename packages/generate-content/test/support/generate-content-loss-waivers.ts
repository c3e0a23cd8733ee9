import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for generate-content documents (issue #15), one per class: the
 * first path token of what is lost and why it is still open. Each is a defect to fix, not a rule.
 */
export const generateContentLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent turn after a split turn",
    reason:
      "the detector misjudges (ldet's): a user turn holding a function call and a part of the caller's is split by responses (reported at that turn, which comes back as two), and when the turn after it holds one leaf (one short text) the alignment's greedy score ties between taking the reported turn out of the source and taking the extra returned turn out; it takes the source turn (the first step it tries), so the next turn is compared with the split-off half and its text reads as lost. Nothing is lost: the text reaches the backend in its own turn and comes back there (a turn after it of two texts lines up and passes). Open: a tie-break that keeps source entries compared (found by the 2,000-run generated requests, seed 1358801314)",
    kind: "silent",
    to: "responses",
    path: /^\/contents\/\d+\/parts\/\d+\/text$/,
  },
];
