import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for responses documents (issue #15), one per class: the
 * first path token of what is lost and why it is still open. Each is a defect to fix, not a rule.
 */
export const responsesLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent consecutive message items joined into one",
    reason:
      "two message items in a row reach another format as the parts of one answer message, and come back as one item: the second item's type, role, status and content (now the first's later content) are compared with nothing; only its id and a status other than completed are reported (found by the 2,000-run generated answers, seed 254361277, once the detector lined items up after a dropped one instead of a broad waiver hiding them); open (how items are grouped): each other format's answer encoder, or the responses decoder's trace of the item boundary, should report the join",
    kind: "silent",
    path: /^\/output\/\d+\/(type|role|status|content\/\d+\/.*)$/,
  },
  {
    name: "silent empty reasoning item to interactions",
    reason:
      "a reasoning item with nothing in it (summary [], no text or state) is left out by the interactions encoder without a loss at the item (found by the 2,000-run generated requests, seed -2030904082); open: the encoder should report the item it leaves out, as the other encoders do",
    kind: "silent",
    to: "interactions",
    path: /^\/input\/\d+\/type$/,
  },
];
