import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for messages documents (issue #15), each narrowed to the
 * paths it covers, with why it is still open. Each is a defect to fix, not a rule.
 */
export const messagesLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent server_tool_use back from responses",
    reason:
      "a server_tool_use reaches a responses backend as a web_search_call, but the way back drops it (the messages encoder does not replay another format's hosted call), so the blocks after it line up with the wrong ones; the loss happens only on the way back, placed by the canonical index of the re-decoded request",
    kind: "silent",
    to: "responses",
    path: /^\/messages\/\d+\/content\/\d+\/(type|id|name|input\/query)$/,
  },
  {
    name: "silent function tool strict",
    reason:
      "a function tool's strict comes back otherwise without a loss: true as false through responses (beside a hosted tool it drops, web_fetch_20260209), false as absent through generate-content; open, not yet traced, nor whether false is the spec's default (found by the 2,000-run generated requests)",
    kind: "silent",
    path: /^\/tools\/\d+\/strict$/,
  },
  {
    name: "silent null stop_reason to chat-completions",
    reason:
      "an answer whose stop_reason is null (the spec says only message_start has one) is sent as finish_reason stop with no loss, and comes back as end_turn (tool_use beside tool calls); chat-completions reads a missing reason from its own servers as no reason too, so reporting it there would be a false loss for them",
    kind: "silent",
    to: "chat-completions",
    path: /^\/stop_reason$/,
  },
  {
    name: "silent tools reordered after a hosted search to chat-completions",
    reason:
      "a hosted web search before a function tool goes to chat-completions as web_search_options (no tool entry) and comes back after the functions, so the tools after it are compared with the wrong ones (found by pnpm fuzz:losses after the merge, seed -151114246); open: the detector realigns only entries a loss drops",
    kind: "silent",
    to: "chat-completions",
    path: /^\/tools\/\d+\/(name|type|description|input_schema(\/.*)?)$/,
  },
];
