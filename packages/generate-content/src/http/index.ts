// `@interlingua/generate-content/http`: the generate-content format on HTTP, without the codec. A
// gateway that loads the codec on the format's first request imports this at start-up (decision 0023).
export { generateContentErrorToWire } from "../errors/generate-content-error-to-wire";
export { generateContentProviderCapabilities } from "../provider/generate-content-provider-capabilities";
export {
  generateContentApiVersion,
  generateContentHttpBinding,
  readGenerateContentApiKey,
} from "./generate-content-http-binding";
