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
    name: "silent call before text to chat-completions",
    reason:
      "a chat-completions message says its text before its tool calls, so an answer whose call comes before its text comes back in the other order, without a loss (found by generated answers); open in the chat-completions answer encoder",
    kind: "silent",
    to: "chat-completions",
    path: /^\/output\/\d+\/arguments$/,
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
    name: "silent item content joined to generate-content",
    reason:
      "the text and refusal parts of one message come back as one text through generate-content; the refusal is reported, the joined text is not",
    kind: "silent",
    to: "generate-content",
    path: /^\/item message \d+\/content \d+(\/|$)/,
  },
  {
    name: "silent user turns joined by interactions",
    reason:
      "a developer message is sent to interactions as user input (reported at it), and the interactions decoder joins it with the user turn after it, so that turn's content comes back one message earlier (fixture every-item-type.json); open in how a joined turn is compared",
    kind: "silent",
    to: "interactions",
    path: /^\/input\/\d+\/content\/\d+\/(type|detail|image_url)$/,
  },
  {
    name: "silent input order to chat-completions",
    reason:
      "through chat-completions the input list is regrouped without a loss: a developer message after the instructions comes back as an instruction (the chat-completions decoder reads leading system and developer messages as instructions), tool outputs move after their calls, an empty system message (content []) is left out, and a namespaced call comes back named <namespace>__<name>; each shifts the items after it (fixture every-item-type.json; generated requests)",
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
    name: "silent consecutive assistant messages joined",
    reason:
      "consecutive assistant message items are one canonical assistant turn (the decoder groups the assistant side), and another format gives it back as one message item holding both contents, so the second item's content is compared at the first; where one item ends is not reported (found by 2,000-document runs)",
    kind: "silent",
    path: /^\/input\/\d+\/(role|content\/\d+\/(type|text))$/,
  },
  {
    name: "silent empty input items joined or left out",
    reason:
      "an input item with nothing another format can say (a reasoning item with no summary, text or state; an assistant message with content []) is left out or joined with the item of the same role next to it, without a loss; its id is reported (generated requests)",
    kind: "silent",
    path: /^\/input\/\d+\/(type|role)$/,
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
];
