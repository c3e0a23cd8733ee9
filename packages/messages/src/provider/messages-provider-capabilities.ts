import type { ProviderCapabilities } from "@interlingua/core";

/** What a messages provider can do: stream, speak the format upstream, run these hosted tools, take this media. */
export const messagesProviderCapabilities: ProviderCapabilities = {
  streaming: true,
  wireFormat: "messages",
  hostedTools: ["web_search", "code_execution", "computer", "bash", "text_editor"],
  inputMedia: ["image", "document"],
};
