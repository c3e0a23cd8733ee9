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
    name: "silent adaptive thinking beside an effort",
    reason:
      "adaptive thinking with an output_config effort reaches formats of reasoning efforts as the effort alone, which says reasoning is on there; the way back decodes an effort without turning thinking on, so the messages request comes back without thinking; open: whether a decoded effort should mean thinking on (the responses, chat-completions and interactions decoders) or the messages encoder should turn adaptive thinking on for an effort",
    kind: "silent",
    path: /^\/thinking\/type$/,
  },
  {
    name: "silent thinking budget back as an effort",
    reason:
      "a thinking budget reaches formats of efforts as an effort (reported at /thinking), and the way back sends that effort as output_config.effort, a field the caller had left null or unset, so the loss does not cover it; open: the effort formats' decoders cannot tell an effort that stood for a budget (found by the 2,000-run generated requests)",
    kind: "silent",
    path: /^\/output_config\/effort$/,
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
];
