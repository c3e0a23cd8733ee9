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
    name: "silent null stop_reason to chat-completions",
    reason:
      "an answer whose stop_reason is null (the spec says only message_start has one) is sent as finish_reason stop with no loss, and comes back as end_turn (tool_use beside tool calls); chat-completions reads a missing reason from its own servers as no reason too, so reporting it there would be a false loss for them",
    kind: "silent",
    to: "chat-completions",
    path: /^\/stop_reason$/,
  },
];
