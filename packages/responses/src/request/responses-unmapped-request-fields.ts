import type { UnmappedRequestFields } from "@interlingua/core";

/**
 * The responses request fields kept in `extensions.responses` that another format cannot take
 * (`prompt`, `conversation`, `include`, `background`, `max_tool_calls`, `client_metadata`,
 * `text.verbosity`, a function tool's `defer_loading`, ...), apart from the decoder's own marks.
 */
export const responsesUnmappedRequestFields: UnmappedRequestFields = {
  marks: [
    "storeOmitted",
    "inputForm",
    "reasoningSummaryField",
    "toolChoice",
    "toolsOmitted",
    "item/type",
    "logprobsIncludeAt",
    // Padding the front's stream encoder answers itself, whatever the backend (decision 0050).
    "stream_options",
  ],
  holders: ["text", "reasoning", "textFormat", "allowedHostedTools"],
  // A namespace member's group is reported at the namespace tool (another format gets the members as
  // functions named `<namespace>__<name>`, without the group's own fields). A function's unstated
  // strictness (`strictByDefault`) is a caller field: strict where the service can make it so.
  toolMarks: [],
  // A hosted tool keeps only the caller's fields it does not map (`external_web_access`).
  hostedToolMarks: [],
  // A web search tool's spelling (`web_search`, `web_search_preview_2025_03_11`) is its version.
  hostedToolVersions: true,
  // A message's bookkeeping; its other field, an item_reference, no other format can resolve.
  messageMarks: ["item", "contentString"],
  // A message item's own fields (`id`, `status`, `phase`) ride beside its content.
  partHolders: ["item"],
  // Another item's own id, status and caller, which no other format's turn has; a function output
  // given as a list of content rather than a string (the spec's other form, which no other format
  // tells from a plain result); where an assistant message item after another begins (other
  // formats join the two into one turn).
  partFields: ["id", "status", "caller", "outputForm", "newItem"],
  // A call of a namespace member goes to another format as a call of `<namespace>__<name>`.
  partBlocks: ["namespace"],
};
