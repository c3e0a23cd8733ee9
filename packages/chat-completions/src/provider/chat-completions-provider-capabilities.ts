import type { ProviderCapabilities } from "@interlingua/core";

/** What a chat-completions provider can do: stream, speak the format upstream, run these hosted tools, take this media. */
export const chatCompletionsProviderCapabilities: ProviderCapabilities = {
  streaming: true,
  wireFormat: "chat-completions",
  hostedTools: ["web_search"],
  inputMedia: ["image", "audio", "document", "file"],
};
