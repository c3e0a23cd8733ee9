import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for interactions documents (issues #15, #23), each
 * narrowed to the paths it is seen at, with why it is still open. Each is a defect to fix, not a rule.
 */
export const interactionsLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent model_output deltas to generate-content",
    reason:
      "the annotation and image deltas of one model output step come back through generate-content as another step's (its stream splits the step's parts), without a loss",
    kind: "silent",
    to: "generate-content",
    path: /^\/model_output \d+\/delta (text_annotation_delta|image)(\/|$)/,
  },
];
