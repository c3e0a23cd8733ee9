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
    name: "silent turn after a split turn",
    reason:
      "a user turn holding media another format cannot take and a function call is split by responses and interactions (reported at that turn), and the user turn after it comes back without its text, not yet traced (found by the 2,000-run generated requests, seed 1358801314)",
    kind: "silent",
    path: /^\/contents\/\d+\/parts\/\d+\/text$/,
  },
];
