import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for messages documents (issue #15), each narrowed to the
 * paths it covers, with why it is still open. Each is a defect to fix, not a rule.
 */
export const messagesLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent opaque blocks and message fields",
    reason:
      "blocks the codec keeps opaque (container_upload) and a message's own unknown fields ride in the message's extensions, which reportUnmappedRequestFields does not report for messages (no messageMarks: a merged turn keeps them under `turns`, and the loss would need a path per source message)",
    kind: "silent",
    path: /^\/messages\/\d+\/(content\/\d+\/(type|file_id)|x_extra)$/,
  },
  {
    name: "silent server_tool_use back from responses",
    reason:
      "a server_tool_use reaches a responses backend as a web_search_call, but the way back drops it (the messages encoder does not replay another format's hosted call), so the blocks after it line up with the wrong ones; the loss happens only on the way back, placed by the canonical index of the re-decoded request",
    kind: "silent",
    to: "responses",
    path: /^\/messages\/\d+\/content\/\d+\/(type|id|name|input\/query)$/,
  },
  {
    name: "silent dated tool version",
    reason:
      "a hosted tool's dated version other than the one the way back picks (web_search_20260209 for web_search_20250305) reaches formats without versions as the same tool, and comes back as the default version without a loss; open: only the messages codec knows which version is its default",
    kind: "silent",
    path: /^\/tools\/\d+\/type$/,
  },
  {
    name: "silent adaptive thinking beside an effort",
    reason:
      "adaptive thinking with an output_config effort reaches formats of reasoning efforts as the effort alone, which says reasoning is on there; the way back decodes an effort without turning thinking on, so the messages request comes back without thinking; open: whether a decoded effort should mean thinking on (the responses, chat-completions and interactions decoders) or the messages encoder should turn adaptive thinking on for an effort",
    kind: "silent",
    path: /^\/thinking\/type$/,
  },
];
