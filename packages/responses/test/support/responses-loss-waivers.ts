import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for responses documents (issue #15), one per class: the
 * first path token of what is lost and why it is still open. Each is a defect to fix, not a rule.
 */
export const responsesLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent null description to generate-content",
    reason:
      'a function tool\'s description sent as null comes back as "": generate-content\'s spec requires a description, so its encoder writes "" for a tool without one (the API reads an empty string as none, proto3), and its decoder cannot tell that "" from a caller\'s own; no loss for the target (both say none); reading "" as none would make every other format\'s empty description come back absent (found by a 2,000-document run)',
    kind: "silent",
    to: "generate-content",
    path: /^\/tools\/\d+\/description$/,
  },
  {
    name: "silent null function tool strict",
    reason:
      "a function tool's strict sent as null (the spec allows it) comes back from another format as the false the encoder writes for a foreign tool. Null is unstated, and OpenAI's function calling guide says an unstated strict makes the responses service normalise the schema into strict mode (\"To opt out ... explicitly set strict: false\"), which no other format's backend does: the loss is real for an omitted strict too and is not reported; open: report unstated strictness dropped to other formats (a change of the losses responses clients without strict see), or send strict true where the target has it",
    kind: "silent",
    path: /^\/tools\/\d+\/strict$/,
  },
  {
    name: "silent null function tool parameters",
    reason:
      "a function tool's parameters sent as null (the spec allows it: no parameters) comes back through generate-content, chat-completions and interactions as the {} the encoder writes for the empty canonical schema; both say no declared parameters, but the spec does not say they are one, so it is no normalisation yet; open: decode null as the no-parameters schema and send it back as null",
    kind: "silent",
    path: /^\/tools\/\d+\/parameters$/,
  },
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
