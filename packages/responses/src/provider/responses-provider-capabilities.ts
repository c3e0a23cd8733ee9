import type { ProviderCapabilities } from "@interlingua/core";

/** What a responses provider can do: stream, speak the format upstream, run these hosted tools, take this media. */
export const responsesProviderCapabilities: ProviderCapabilities = {
  streaming: true,
  wireFormat: "responses",
  hostedTools: ["web_search", "file_search", "computer"],
  inputMedia: ["image", "document", "file"],
};
