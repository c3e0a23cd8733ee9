import type { ProviderCapabilities } from "@interlingua/core";
import { interactionsFormat } from "../interactions-extensions";

/** What an interactions provider can do: stream, speak the format upstream, run these hosted tools, take this media. */
export const interactionsProviderCapabilities: ProviderCapabilities = {
  streaming: true,
  wireFormat: interactionsFormat,
  hostedTools: ["code_execution", "web_search", "url_context", "file_search", "computer"],
  inputMedia: ["image", "audio", "video", "document"],
};
