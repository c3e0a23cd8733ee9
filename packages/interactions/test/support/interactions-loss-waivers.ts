import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for interactions documents (issues #15, #23), each
 * narrowed to the paths it is seen at, with why it is still open. Each is a defect to fix, not a rule.
 */
export const interactionsLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent input step of several lost blocks",
    reason:
      "an input step whose several content blocks are each reported lost leaves no step, and its type is covered by no loss (a step's only block lost is placed at the step; several are not yet)",
    kind: "silent",
    path: /^\/input\/\d+\/type$/,
  },
  {
    name: "silent hosted tool declaration fields",
    reason:
      "a hosted tool another format offers too (computer use, search) is sent with the settings that format has; the declaration's other fields (enable_prompt_injection_detection, excluded_predefined_functions, …) are not reported: interactions keeps the declaration whole, and reporting it whole would be a false loss where everything came back",
    kind: "silent",
    path: /^\/tools\/\d+\/[a-z_]+(\/|$)/,
  },
  {
    name: "silent empty call id to chat-completions",
    reason:
      "a function call with an empty id is given one by chat-completions (which needs one), without a loss",
    kind: "silent",
    to: "chat-completions",
    path: /^\/steps\/\d+\/id$/,
  },
  {
    name: "silent stream creation time",
    reason:
      "a stream's creation time is not carried by messages and generate-content streams, and not reported (decision 0028: the other formats' streams keep this waiver too)",
    kind: "silent",
    path: /^\/interaction\.created\/interaction\/created$/,
  },
  {
    name: "silent model_output deltas to generate-content",
    reason:
      "the annotation and image deltas of one model output step come back through generate-content as another step's (its stream splits the step's parts), without a loss",
    kind: "silent",
    to: "generate-content",
    path: /^\/model_output \d+\/delta (text_annotation_delta|image)(\/|$)/,
  },
];
