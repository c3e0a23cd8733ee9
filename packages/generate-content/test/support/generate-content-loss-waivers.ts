import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for generate-content documents (issue #15), one per class: the
 * first path token of what is lost and why it is still open. Each is a defect to fix, not a rule.
 */
export const generateContentLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent OBJECT-alone or NULL function parameters",
    reason:
      "parameters of {type: OBJECT} and nothing else come back from messages, responses and chat-completions as none: they read it as the schema of a function without parameters, which the encoder sends as none (its comment: the API refuses an OBJECT without properties; the documented rule, gateway legality table, is only that properties, when present, are not empty); parameters of type NULL reach interactions (which takes any schema) as {type: null} and come back as parametersJsonSchema, core's projection onto the Schema subset having no NULL type. Each is the same schema said otherwise, but no spec says so; open: send {type: OBJECT} for it once it is known what the API takes, and project null as NULL. The formats whose APIs refuse a non-object schema now send an object with a loss (found by the 2,000-run generated requests, seed 1733087666)",
    kind: "silent",
    path: /^\/tools\/function \d+\/parameters\/type$/,
  },
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
      "the detector misjudges (ldet's): a user turn holding a function call and a part of the caller's is split by responses (reported at that turn, which comes back as two), and when the turn after it holds one leaf (one short text) the alignment's greedy score ties between taking the reported turn out of the source and taking the extra returned turn out; it takes the source turn (the first step it tries), so the next turn is compared with the split-off half and its text reads as lost. Nothing is lost: the text reaches the backend in its own turn and comes back there (a turn after it of two texts lines up and passes). Open: a tie-break that keeps source entries compared (found by the 2,000-run generated requests, seed 1358801314)",
    kind: "silent",
    to: "responses",
    path: /^\/contents\/\d+\/parts\/\d+\/text$/,
  },
];
