import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for generate-content documents (issue #15), one per class: the
 * first path token of what is lost and why it is still open. Each is a defect to fix, not a rule.
 */
export const generateContentLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent file search after one without a store to responses",
    reason:
      "a fileSearch with no retrieval resource is not sent to responses (which needs a vector store), with its loss at that tool; the comparison keys tools by kind and place (`fileSearch 1`) and does not number the ones after a dropped tool again, so the next file search is compared with the one it followed (the detector's realignment, ldet's; found by the 2,000-run generated requests, seed -1028136504)",
    kind: "silent",
    to: "responses",
    path: /^\/tools\/fileSearch [1-9]\d*\/retrievalResources\/\d+\/ragStoreName$/,
  },
  {
    name: "silent turn after a split turn",
    reason:
      "a user turn holding media another format cannot take and a function call is split by responses and interactions (reported at that turn), and the user turn after it comes back without its text, not yet traced (found by the 2,000-run generated requests, seed 1358801314)",
    kind: "silent",
    path: /^\/contents\/\d+\/parts\/\d+\/text$/,
  },
];
