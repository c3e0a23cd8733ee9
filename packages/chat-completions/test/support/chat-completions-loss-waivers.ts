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
    name: "false-loss unanswered tool call answered with an error result to responses",
    reason:
      "a tool call no later message answers is answered with an error result saying so, as the gateway pairs calls for every backend (reported approximated at the call's message, and the result's error flag dropped); the way back gives the call as it was and the added result as a message the comparison does not look at, so it cannot see that the backend got one more; the loss is real for the target",
    kind: "false-loss",
    to: "responses",
    path: /^\/messages\/\d+$/,
  },
  {
    name: "silent logprobs to responses",
    reason:
      "logprobs is sent to responses as include message.output_text.logprobs, which the responses decoder keeps as include and does not read back as logprobs (reading it would change what a responses caller's include reports)",
    kind: "silent",
    to: "responses",
    path: /^\/logprobs$/,
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
    name: "silent answer created to generate-content",
    reason:
      "a stream's creation time is made again from the clock by formats without one, without a loss (as an answer's, silent created)",
    kind: "silent",
    to: "generate-content",
    path: /^\/answer\/created$/,
  },
  {
    name: "silent answer created to messages",
    reason:
      "a stream's creation time is made again from the clock by formats without one, without a loss (as an answer's, silent created)",
    kind: "silent",
    to: "messages",
    path: /^\/answer\/created$/,
  },
  {
    name: "silent answer error",
    reason: "an error chunk's type and code come back as the nearest of the error kind, without a loss",
    kind: "silent",
    path: /^\/answer\/error(\/|$)/,
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
      "a caller's stream_options.include_obfuscation true (the spec's default, asked for) is not honoured: the chat-completions stream encoder sends no obfuscation padding whatever the backend, and nothing reports it; its false is a documented normalisation",
    kind: "silent",
    path: /^\/stream_options\/include_obfuscation$/,
  },
];
