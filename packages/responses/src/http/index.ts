// `@interlingua/responses/http`: the responses format on HTTP, without the codec. A gateway that
// loads the codec on the format's first request imports this at start-up (decision 0023).
export { responsesErrorToWire } from "../errors/responses-error-to-wire";
export { responsesProviderCapabilities } from "../provider/responses-provider-capabilities";
export { responsesHttpBinding } from "./responses-http-binding";
