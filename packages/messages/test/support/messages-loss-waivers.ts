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
];
