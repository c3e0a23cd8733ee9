import type { ProviderCapabilities } from "@interlingua/core";

/** What a generate-content provider can do: stream, speak the format upstream, run these hosted tools, take this media. */
export const generateContentProviderCapabilities: ProviderCapabilities = {
  streaming: true,
  wireFormat: "generate-content",
  hostedTools: ["code_execution", "web_search", "url_context", "file_search", "computer"],
  inputMedia: ["image", "audio", "video", "document", "file"],
};
