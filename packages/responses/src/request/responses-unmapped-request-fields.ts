import type { UnmappedRequestFields } from "@interlingua/core";

/**
 * The responses request fields kept in `extensions.responses` that another format cannot take
 * (`prompt`, `conversation`, `include`, `background`, `max_tool_calls`, `client_metadata`,
 * `text.verbosity`, a function tool's `defer_loading`, ...), apart from the decoder's own marks.
 */
export const responsesUnmappedRequestFields: UnmappedRequestFields = {
  marks: ["storeOmitted", "inputForm", "reasoningSummaryField", "toolChoice", "toolsOmitted", "item/type"],
  holders: ["text", "reasoning", "textFormat", "allowedHostedTools"],
  // A namespace member's group goes along in its name (`<namespace>__<name>`).
  toolMarks: ["strictOmitted", "namespace"],
  // A hosted tool keeps only the caller's fields it does not map (`external_web_access`).
  hostedToolMarks: [],
  // A web search tool's spelling (`web_search`, `web_search_preview_2025_03_11`) is its version.
  hostedToolVersions: true,
  // A message's bookkeeping; its other field, an item_reference, no other format can resolve.
  messageMarks: ["item", "contentString"],
  // A message item's own fields (`id`, `status`, `phase`) ride beside its content.
  partHolders: ["item"],
  // Another item's own id, status and caller, which no other format's turn has; where an assistant
  // message item after another begins (other formats join the two into one turn).
  partFields: ["id", "status", "caller", "newItem"],
};
