// `@interlingua/interactions/http`: the interactions format on HTTP, without the codec. A gateway
// that loads the codec on the format's first request imports this at start-up (decision 0023).
export { generateContentErrorToWire as interactionsErrorToWire } from "@interlingua/generate-content/http";
export { interactionsProviderCapabilities } from "../provider/interactions-provider-capabilities";
export {
  type InteractionsPath,
  interactionsApiVersion,
  interactionsHttpBinding,
  matchInteractionsPath,
} from "./interactions-http-binding";
