import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for chat-completions documents (issue #15), one per class: the
 * first path token of what is lost and why it is still open. Each is a defect to fix, not a rule.
 */
export const chatCompletionsLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent turns before a hoisted instruction",
    reason:
      "a system or developer message after other turns joins the target's instructions (messages system, generate-content systemInstruction; reported approximated at that message); the way back gives it first, so each turn before it comes back one place later, which the loss at the moved message does not cover; open: the encoder would have to report the turns it moves the instruction before",
    kind: "silent",
    path: /^\/messages\/\d+\/(role|name|content(\/\d+\/(type|text|input_audio\/(data|format)|image_url\/(url|detail)))?)$/,
  },
  {
    name: "silent consecutive user messages joined by interactions",
    reason:
      "consecutive user messages are sent as consecutive user_input steps, which the interactions decoder reads as one turn (a newStep mark only its own encoder reads), so the way back gives one message and the role of the second is missing; open: chat-completions gives two user messages no meaning of their own, but the spec does not say they are one",
    kind: "silent",
    to: "interactions",
    path: /^\/messages\/\d+\/role$/,
  },
  {
    name: "false-loss unanswered tool call answered with an error result to responses",
    reason:
      "a tool call no later message answers is answered with an error result saying so, as the gateway pairs calls for every backend (reported approximated at the call's message, and the result's error flag dropped); the way back gives the call as it was and the added result as a message the comparison does not look at, so it cannot see that the backend got one more; the loss is real for the target",
    kind: "false-loss",
    to: "responses",
    path: /^\/messages\/\d+$/,
  },
  {
    name: "silent refusal parts joined to responses",
    reason:
      "several refusal parts of an assistant message are sent as one refusal (their text joined), which comes back as one part, without a loss",
    kind: "silent",
    to: "responses",
    path: /^\/messages\/\d+\/content\/\d+\/(type|refusal)$/,
  },
  {
    name: "silent function names to responses",
    reason:
      "a function name the responses format refuses (not ASCII, a line break, empty) is sent under a legal name, and a forced choice or a call of it comes back under that name without a loss",
    kind: "silent",
    to: "responses",
    path: /^\/(tool_choice|messages\/\d+\/tool_calls\/\d+)\/function\/name$/,
  },
  {
    name: "silent function names to interactions",
    reason:
      'a forced function choice with an empty name is sent to interactions under a legal name ("_") and comes back so without a loss (found by the 2,000-run generated requests, seed 1705157098)',
    kind: "silent",
    to: "interactions",
    path: /^\/tool_choice\/function\/name$/,
  },
  {
    name: "silent usage counts below their details",
    reason:
      "a cached or reasoning count above the prompt or completion count that includes it (the spec allows it, no server sends it) cannot be split into another format's counts, and comes back otherwise",
    kind: "silent",
    path: /^\/usage\/(prompt|completion)_tokens$/,
  },
  {
    name: "false-loss reasoning_effort to interactions",
    reason:
      "an effort the target has no level for (none) is sent as its nearest (minimal), reported approximated; the way back gives the same effort, so the round trip cannot see the loss, which is real for the target (the detector rule for such losses is ldet's)",
    kind: "false-loss",
    to: "interactions",
    path: /^\/reasoning_effort$/,
  },
  {
    name: "silent include_obfuscation true",
    reason:
      "a caller's stream_options.include_obfuscation true is kept for a chat-completions backend and not reported elsewhere: a same-format pass-through delivers the upstream's padding, but a converted stream gets none (the front's stream encoder sends no obfuscation field), and no request-side rule can tell the two apart without reporting a false loss on pass-through; open (fixture: obfuscation padding asked for)",
    kind: "silent",
    path: /^\/stream_options\/include_obfuscation$/,
  },
];
