import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for responses documents (issue #15), one per class: the
 * first path token of what is lost and why it is still open. Each is a defect to fix, not a rule.
 */
export const responsesLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent error",
    reason:
      "a stream's error event (its nested type, code and message) is dropped or reshaped by formats with no failed status, without a loss",
    kind: "silent",
    path: /^\/error(\/|$)/,
  },
  {
    name: "silent response error code",
    reason:
      "a failed stream's error code comes back as the nearest code of the error kind another format's error carries, without a loss",
    kind: "silent",
    path: /^\/response\/response\/error\/code$/,
  },
  {
    name: "silent failed response to generate-content",
    reason:
      "a stream that fails through generate-content comes back as an error alone, so the response id and model it had announced are made up again, without a loss",
    kind: "silent",
    to: "generate-content",
    path: /^\/response\/response\/(id|model)$/,
  },
  {
    name: "silent item status",
    reason:
      "the status of an output item (incomplete, or completed already when added) comes back as the one the encoder gives, without a loss",
    kind: "silent",
    path: /^\/item [a-z_]+ \d+\/output_item\.(added|done)\/item\/status$/,
  },
  {
    name: "silent input order to chat-completions",
    reason:
      "the detector misjudges a nested list after an outer entry it took out (ldet's): with input items dropped (each reported at the item), an item's content list is compared with the returned item at the same source index, not the one it lines up with, so a loss at one content part (citations dropped) takes that part out and the next (a refusal) is compared with the wrong part; every loss is reported (fixture every-item-type.json)",
    kind: "silent",
    to: "chat-completions",
    path: /^\/input\/\d+\/content\/\d+\/(type|refusal)$/,
  },
  {
    name: "silent leading developer message back from chat-completions",
    reason:
      "a developer or system input message before the conversation reaches a chat-completions backend as the same message, in its place: no loss for the backend, so none is reported (every Codex request starts so); but the chat-completions decoder reads leading system and developer messages as instructions, so the way back gives it as an instruction and every input item after it comes back one place earlier. Open: a detector rule for a difference made only on the way back where the target carried the node one to one (decision 0039 judges reported losses that way, not silent findings)",
    kind: "silent",
    to: "chat-completions",
    path: /^\/input\/\d+(\/|$)/,
  },
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
];
