import type { UnmappedRequestFields } from "@interlingua/core";
import { searchResultMark } from "../shared/search-result-block";

/**
 * The messages request fields kept in `extensions.messages` that another format cannot take
 * (`container`, `mcp_servers`, `inference_geo`, `context_management`, a tool's `defer_loading`,
 * ...): every key is a caller field, and the members of `tool_choice`, `metadata`, `thinking`
 * and `output_config` that have no canonical place are kept under their holder; a `search_result`
 * block goes to another format as its text; a message's own unknown fields and the blocks the
 * canonical model has no part for are reported where the caller sent them.
 */
export const messagesUnmappedRequestFields: UnmappedRequestFields = {
  marks: [],
  holders: ["tool_choice", "metadata", "thinking", "output_config"],
  // A custom tool's `type: "custom"` only says how it was spelled: every format's function tool is one.
  toolMarks: ["type"],
  hostedToolMarks: [],
  // How a message was spelled (a string content, a system message, a merged turn's part count);
  // every other field of a message (or of a merged turn) is the caller's, and so is a block the
  // canonical model has no part for (`container_upload`).
  messageMarks: ["contentForm", "inline", "systemForm", "parts"],
  mergedMessages: "turns",
  opaqueBlocks: "opaqueBlocks",
  partBlocks: [searchResultMark],
  // A dated version other than the default (which decodes as no version) is the caller's choice.
  hostedToolVersions: true,
};
