import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for responses documents (issue #15), one per class: the
 * first path token of what is lost and why it is still open. Each is a defect to fix, not a rule.
 */
export const responsesLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent null function tool settings",
    reason:
      "a function tool's strict or parameters sent as null (the spec allows it) comes back as the value the encoder writes for none (strict false, parameters {}), without a loss (found by generated requests)",
    kind: "silent",
    path: /^\/tools\/\d+\/(strict|parameters)$/,
  },
  {
    name: "silent error",
    reason:
      "a stream's error event (its nested type, code and message) is dropped or reshaped by formats with no failed status, without a loss",
    kind: "silent",
    path: /^\/error(\/|$)/,
  },
  {
    name: "silent output_tokens below reasoning to interactions",
    reason:
      "reasoning tokens above the output tokens that include them (the spec allows it, no server sends it) come back from interactions' split counts otherwise, without a loss (found by generated answers)",
    kind: "silent",
    to: "interactions",
    path: /^\/usage\/output_tokens$/,
  },
  {
    name: "silent tool outputs in an answer to interactions",
    reason:
      "a function_call_output or computer_call_output item in an answer's output (the spec's output item union allows them; no server sends one) loses its call_id and output through interactions without a loss",
    kind: "silent",
    to: "interactions",
    path: /^\/output\/\d+\/(call_id|output)$/,
  },
  {
    name: "silent namespaced or id-less call to chat-completions",
    reason:
      "an answer's function_call with a namespace comes back named <namespace>__<name>, and one with an empty call_id with a made-up one, through chat-completions without a loss (found by generated answers)",
    kind: "silent",
    to: "chat-completions",
    path: /^\/output\/\d+\/(name|call_id)$/,
  },
  {
    name: "silent output_tokens below reasoning to generate-content",
    reason:
      "reasoning tokens above the output tokens that include them (the spec allows it, no server sends it) cannot be split into generate-content's candidates and thoughts counts, and come back otherwise",
    kind: "silent",
    to: "generate-content",
    path: /^\/usage\/output_tokens$/,
  },
  {
    name: "silent output after a dropped item",
    reason:
      "output items after one another format dropped (with its loss: a hosted tool call, a reasoning item) come back one index earlier; the comparison does not line up a list after a lost element",
    kind: "silent",
    path: /^\/output\/\d+\/(type|role|status|content\/)/,
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
    name: "silent item call_id",
    reason:
      "a function call whose call_id changes between output_item.added and done (one recording) comes back with one call_id, without a loss",
    kind: "silent",
    path: /^\/item function_call \d+\/output_item\.(added|done)\/item\/call_id$/,
  },
  {
    name: "silent reasoning text to interactions",
    reason:
      "reasoning_text content of a reasoning item is not carried by the interactions stream encoder, without a loss; open defect of the interactions codec",
    kind: "silent",
    to: "interactions",
    path: /^\/item reasoning \d+\/.*$/,
  },
  {
    name: "silent function output list form",
    reason:
      "a function_call_output whose output is a list of input_text parts (or an empty list) comes back as the string of its text: the canonical tool result keeps the text, not which of the spec's two output forms carried it, and other formats say a result one way; no client loses a word, but the spec does not call the two forms the same, so it stays open (fixture every-item-type.json)",
    kind: "silent",
    path: /^\/input\/\d+\/output(\/\d+\/(type|text))?$/,
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
    name: "silent null description to generate-content",
    reason:
      'a function tool\'s description sent as null comes back as "": the generate-content encoder writes "" for a tool without one (the API reads an empty string as none), and its decoder reads "" back as a description; open in the generate-content tool decoder (found by a 2,000-document run)',
    kind: "silent",
    to: "generate-content",
    path: /^\/tools\/\d+\/description$/,
  },
  {
    name: "silent empty file search to generate-content",
    reason:
      "a file_search tool with no vector store goes to generate-content as a fileSearch with no retrieval resource, which the generate-content decoder reads back as no tool, without a loss; open in the generate-content codec (found by a 2,000-document run)",
    kind: "silent",
    to: "generate-content",
    path: /^\/tools\/\d+\/(type|vector_store_ids)$/,
  },
  {
    name: "silent input_tokens below cached to messages",
    reason:
      "cached tokens above the input tokens that include them (the spec allows it, no server sends it) cannot be split into messages' fresh and cache-read counts, and come back otherwise, without a loss (found by a 2,000-document run)",
    kind: "silent",
    to: "messages",
    path: /^\/usage\/input_tokens$/,
  },
  {
    name: "silent namespace flattened",
    reason:
      "a namespace tool reaches formats without groups as function tools named <namespace>__<name>, its own description dropped, without a loss (the group rides only in the members' responses extensions, a mark); it comes back as flat functions (found by the 2,000-run generated requests, seed 160647257)",
    kind: "silent",
    path: /^\/tools\/\d+\/(type|name|description|tools\/\d+\/.*)$/,
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
