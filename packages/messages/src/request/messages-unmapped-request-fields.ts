import type { UnmappedRequestFields } from "@interlingua/core";
import { searchResultMark } from "../shared/search-result-block";

/**
 * The messages request fields kept in `extensions.messages` that another format cannot take
 * (`container`, `mcp_servers`, `inference_geo`, `context_management`, a tool's `defer_loading`,
 * ...): every key is a caller field, and the members of `tool_choice`, `metadata`, `thinking`
 * and `output_config` that have no canonical place are kept under their holder; a `search_result`
 * block goes to another format as its text.
 */
export const messagesUnmappedRequestFields: UnmappedRequestFields = {
  marks: [],
  holders: ["tool_choice", "metadata", "thinking", "output_config"],
  // A custom tool's `type: "custom"` only says how it was spelled: every format's function tool is one.
  toolMarks: ["type"],
  hostedToolMarks: [],
  partBlocks: [searchResultMark],
  // A dated version other than the default (which decodes as no version) is the caller's choice.
  hostedToolVersions: true,
};
