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
